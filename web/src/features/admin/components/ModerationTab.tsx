// The Moderation tab (issue 21 §3), loaded when first shown: the queue of reported cases (Open or Closed,
// by type and reason, newest report first, "Load more"), each opening its case, and the audit log of
// every action taken (who did what to whom, why, when).
import { useId, useState, type ReactNode } from 'react';
import type { ModerationCase } from '../../../api/types';
import { EmptyState } from '../../../ui/EmptyState';
import type { IconName } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useModerationAudit, useModerationCases, type Paged } from '../hooks/useModeration';
import {
  DEFAULT_CASE_FILTERS,
  REASON_OPTIONS,
  STATUS_OPTIONS,
  TARGET_OPTIONS,
  type CaseFilters,
} from '../moderation';
import styles from '../../../ui/Admin.module.css';
import moderation from './Moderation.module.css';
import { CaseDialog } from './CaseDialog';
import { AuditItem, CaseSummary } from './ModerationParts';

type View = 'queue' | 'audit';

export function ModerationTab() {
  const [view, setView] = useState<View>('queue');
  return (
    <div className={styles.tab}>
      <div className={styles.segmented} role="group" aria-label="Moderation view">
        {(
          [
            { id: 'queue', label: 'Queue' },
            { id: 'audit', label: 'Audit log' },
          ] as const
        ).map((item) => (
          <button
            key={item.id}
            type="button"
            className={styles.segment}
            aria-pressed={view === item.id}
            onClick={() => setView(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {view === 'queue' ? <CaseQueue /> : <AuditLog />}
    </div>
  );
}

function CaseQueue() {
  const [filters, setFilters] = useState<CaseFilters>(DEFAULT_CASE_FILTERS);
  const [opened, setOpened] = useState<ModerationCase | null>(null);
  const cases = useModerationCases(filters);
  const ids = useId();
  const set = <K extends keyof CaseFilters>(key: K, value: CaseFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect
          id={`${ids}-status`}
          label="Status"
          value={filters.status}
          onChange={(v) => set('status', v)}
        >
          {STATUS_OPTIONS}
        </FilterSelect>
        <FilterSelect
          id={`${ids}-type`}
          label="Type"
          value={filters.targetType}
          onChange={(v) => set('targetType', v)}
          all="All types"
        >
          {TARGET_OPTIONS}
        </FilterSelect>
        <FilterSelect
          id={`${ids}-reason`}
          label="Reason"
          value={filters.reason}
          onChange={(v) => set('reason', v)}
          all="All reasons"
        >
          {REASON_OPTIONS}
        </FilterSelect>
      </div>
      <PagedList
        list={cases}
        label="Reported cases"
        loading="Loading reported cases"
        failed="The reported cases could not be loaded."
        empty={filters.status === 'open' ? 'No open reports' : 'No closed cases'}
        icon="flag"
        render={(item) => <CaseSummary key={item.id} item={item} onOpen={() => setOpened(item)} />}
      />
      {opened ? <CaseDialog summary={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

function FilterSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  all,
  children,
}: {
  id: string;
  label: string;
  value: T | '';
  onChange: (value: T) => void;
  /** The option that filters nothing out, when there is one. */
  all?: string;
  children: readonly { id: T; label: string }[];
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {all ? <option value="">{all}</option> : null}
        {children.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function AuditLog() {
  const log = useModerationAudit();
  return (
    <PagedList
      list={log}
      label="Audit log"
      loading="Loading the audit log"
      failed="The audit log could not be loaded."
      empty="No actions taken yet"
      icon="shield"
      render={(entry) => <AuditItem key={entry.id} entry={entry} />}
    />
  );
}

/** A list read a page at a time: loading, failed (with Try again), empty, then its items and Load more. */
function PagedList<T extends { id: string }>({
  list,
  label,
  loading,
  failed,
  empty,
  icon,
  render,
}: {
  list: Paged<T>;
  label: string;
  loading: string;
  failed: string;
  empty: string;
  icon: IconName;
  render: (item: T) => ReactNode;
}) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isError)
    return (
      <div className={styles.refused}>
        <EmptyState icon={icon} title={failed} />
        <button type="button" className="btn btn-ghost" onClick={list.refetch}>
          Try again
        </button>
      </div>
    );
  if (list.items.length === 0) return <EmptyState icon={icon} title={empty} />;
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {list.items.map(render)}
      </ul>
      {list.hasNextPage ? (
        <div className={moderation.more}>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={list.fetchNextPage}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? <Spinner /> : null}
            Load more
          </button>
        </div>
      ) : null}
    </>
  );
}
