// The Dashboard tab (spec 001 §3 "Admin dashboard stats"): every field, loading and failure states, and the
// trends of the last 7 and 30 days below them.
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { statCards } from '../admin';
import { useAdminStats } from '../hooks/useAdmin';
import styles from '../../../ui/Admin.module.css';
import { TrendsCard } from './TrendsCard';

export function DashboardTab() {
  const { data: stats, isPending, isError } = useAdminStats();
  if (isPending) return <Spinner label="Loading statistics" />;
  if (isError || !stats) return <EmptyState icon="chart" title="Statistics are unavailable right now" />;
  return (
    <div className={styles.dashboard}>
      <dl className={styles.stats} aria-label="Platform statistics">
        {statCards(stats).map((card) => (
          <div key={card.key} className={styles.stat} data-testid={`stat-${card.key}`}>
            <dt className={styles.statLabel}>{card.label}</dt>
            <dd className={styles.statValue}>{card.value}</dd>
          </div>
        ))}
      </dl>
      <TrendsCard />
    </div>
  );
}
