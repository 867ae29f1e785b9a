// The Withdrawals tab (spec 001 §3, §4, §6, §8): every request; a super admin approves or rejects a
// pending one, with optional admin notes shown to the member.
import { useId, useState } from 'react';
import type { UserRole } from '../../../api/types';
import { EmptyState } from '../../../ui/EmptyState';
import { formatAC, formatUSD } from '../../../ui/format';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { ADMIN_NOTES_MAX, adminFailureMessage, AdminTexts, canProcessWithdrawal } from '../admin';
import { useAdminWithdrawals, useProcessWithdrawal } from '../hooks/useAdmin';
import type { AdminWithdrawal } from '../types';
import styles from '../../../ui/Admin.module.css';
import { Badge, ErrorLine, formatDate } from './parts';

export function WithdrawalsTab({ role }: { role: UserRole }) {
  const { data: withdrawals = [], isPending } = useAdminWithdrawals();
  if (isPending) return <Spinner label="Loading withdrawals" />;
  if (withdrawals.length === 0) return <EmptyState icon="wallet" title="No withdrawal requests" />;
  return (
    <ul className={styles.list} aria-label="Withdrawal requests">
      {withdrawals.map((withdrawal) => (
        <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} role={role} />
      ))}
    </ul>
  );
}

function WithdrawalItem({ withdrawal, role }: { withdrawal: AdminWithdrawal; role: UserRole }) {
  const process = useProcessWithdrawal();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notesId = useId();
  const decide = (action: 'approve' | 'reject') => {
    setError(null);
    process.mutate(
      { id: withdrawal.id, action, notes },
      {
        onSuccess: () => showToast(action === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected'),
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.processFailed)),
      },
    );
  };

  return (
    <li className={styles.item} aria-label={`Withdrawal by @${withdrawal.user.username}`}>
      <div className={styles.row}>
        <div>
          <p className={styles.name}>
            {formatUSD(withdrawal.amount)}
            {withdrawal.amount_ac === undefined ? null : (
              <span className={styles.meta}> ({formatAC(withdrawal.amount_ac)})</span>
            )}
          </p>
          <p className={styles.meta}>
            @{withdrawal.user.username} · PayPal {withdrawal.paypal_email} ·{' '}
            {formatDate(withdrawal.created_at)}
          </p>
        </div>
        <Badge tone={withdrawal.status}>{withdrawal.status}</Badge>
      </div>
      {withdrawal.admin_notes ? <p className={styles.text}>Notes: {withdrawal.admin_notes}</p> : null}
      {canProcessWithdrawal(role, withdrawal) ? (
        <div className={styles.actions}>
          <label className="sr-only" htmlFor={notesId}>
            Admin notes
          </label>
          <input
            id={notesId}
            className={styles.input}
            placeholder="Admin notes (optional)"
            maxLength={ADMIN_NOTES_MAX}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-primary"
            disabled={process.isPending}
            onClick={() => decide('approve')}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={process.isPending}
            onClick={() => decide('reject')}
          >
            Reject
          </button>
        </div>
      ) : null}
      <ErrorLine error={error} />
    </li>
  );
}
