// The dashboard's trends: one figure per day over the last 7 or 30 days (GET /api/admin/dashboard/history),
// drawn as a column chart with its axis, the day's value on hover, and a table for screen readers.
import { useId, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { TrendChart } from '../../../ui/TrendChart';
import { formatTrendValue, TREND_METRICS, TREND_RANGES, type TrendMetric, type TrendRange } from '../admin';
import { useDashboardHistory } from '../hooks/useAdmin';
import styles from '../../../ui/Admin.module.css';

export function TrendsCard() {
  const [range, setRange] = useState<TrendRange>('7');
  const [metric, setMetric] = useState<TrendMetric>('new_registrations');
  const days = TREND_RANGES.find((item) => item.id === range)!.days;
  const history = useDashboardHistory(days);
  const ids = useId();
  const metricLabel = TREND_METRICS.find((item) => item.id === metric)!.label;

  return (
    <section className={`card ${styles.trends}`} aria-labelledby={`${ids}-title`}>
      <div className={styles.trendsHead}>
        <h3 id={`${ids}-title`} className={styles.sectionTitle}>
          Trends
        </h3>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-metric`}>
            Figure
          </label>
          <select
            id={`${ids}-metric`}
            className={styles.select}
            value={metric}
            onChange={(event) => setMetric(event.target.value as TrendMetric)}
          >
            {TREND_METRICS.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.segmented} role="group" aria-label="Trend range">
        {TREND_RANGES.map((item) => (
          <button
            key={item.id}
            type="button"
            className={styles.segment}
            aria-pressed={range === item.id}
            onClick={() => setRange(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div aria-busy={history.isFetching}>
        {history.isPending ? (
          <div role="status" aria-label="Loading trends">
            <Skeleton height={220} />
          </div>
        ) : history.isError || !history.data ? (
          <EmptyState icon="chart" title="Trends are unavailable right now" />
        ) : (
          <TrendChart
            points={history.data.points.map((day) => ({ date: day.date, value: day[metric] }))}
            label={`${metricLabel} per day, last ${days} days`}
            format={(value) => formatTrendValue(metric, value)}
          />
        )}
      </div>
    </section>
  );
}
