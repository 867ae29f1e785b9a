// The states of a Settings list before its rows: loading (skeleton rows), failed (the reason and Try
// again), empty (a line saying so). Renders the rows only once there are some.
import type { ReactNode } from 'react';
import wellness from './Wellness.module.css';
import rows from './SettingsRows.module.css';
import { Skeleton } from './Skeleton';

export function SettingsListStatus({
  query,
  failed,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What the member reads when the list could not be loaded. */
  failed: string;
  /** What the member reads when there is nothing to list. */
  empty?: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className={rows.list} aria-busy="true">
        <Skeleton height={48} />
      </div>
    );
  if (query.isError)
    return (
      <p className={wellness.error} role="alert">
        {failed}{' '}
        <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  if (isEmpty && empty) return <p className={wellness.hint}>{empty}</p>;
  return <>{children}</>;
}
