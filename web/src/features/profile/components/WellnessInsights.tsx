// Wellbeing on the own profile (issue 23 item 6, docs/wellbeing.md), below the recent check-ins and
// reflections: the streaks in gentle words, the mood calendar of a month, the 30/90-day mood and energy
// chart, the opt-in check-in reminder, and a CSV download of every check-in and reflection. Days are UTC
// days, as the rewards' (the reminder alone goes by the member's own day and time zone).
import { useId, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { WellbeingReminder } from '../../notifications';
import { useMoodCalendar, useMoodTrend, useStreaks, useWellnessExport } from '../hooks/useWellbeing';
import {
  calendarWeeks,
  linePath,
  monthOf,
  monthTitle,
  shiftMonth,
  streakText,
  TREND_RANGES,
  trendSeries,
  WEEKDAYS,
  type TrendRange,
} from '../wellbeing';
import { moodEmoji } from '../wellness';
import styles from './WellnessInsights.module.css';

export function WellnessInsights() {
  return (
    <section className={styles.insights} aria-label="Wellbeing">
      <WellnessStreaks />
      <WellbeingReminder />
      <WellnessCalendar />
      <WellnessTrend />
      <WellnessExport />
    </section>
  );
}

function LoadFailed({ what, retry, busy }: { what: string; retry: () => void; busy: boolean }) {
  return (
    <div className={styles.failed}>
      <p role="alert">Could not load {what}.</p>
      <button type="button" className="btn btn-ghost" disabled={busy} aria-busy={busy} onClick={retry}>
        {busy ? <Spinner /> : null}
        Try again
      </button>
    </div>
  );
}

function WellnessStreaks() {
  const streaks = useStreaks();
  if (streaks.isPending) return <Skeleton height={28} />;
  if (streaks.isError)
    return <LoadFailed what="your streaks" busy={streaks.isFetching} retry={() => void streaks.refetch()} />;
  const lines = [
    streakText(streaks.data?.check_ins, 'check-in'),
    streakText(streaks.data?.reflections, 'reflection'),
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <ul className={styles.streaks} aria-label="Streaks">
      {lines.map((line) => (
        <li key={line} className={styles.streak}>
          <Icon name="sparkle" size={14} />
          {line}
        </li>
      ))}
    </ul>
  );
}

function WellnessCalendar() {
  const now = new Date();
  const thisMonth = monthOf(now);
  const today = now.toISOString().slice(0, 10);
  const [month, setMonth] = useState(thisMonth);
  const calendar = useMoodCalendar(month);
  const titleId = useId();
  const weeks = calendarWeeks(calendar.data ?? [], today);
  return (
    <div className={`card ${styles.block}`}>
      <div className={styles.head}>
        <h4 id={titleId} className={styles.title}>
          Mood calendar
        </h4>
        <div className={styles.monthNav}>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label="Previous month"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <Icon name="chevron-left" size={16} />
          </button>
          <span className={styles.month} aria-live="polite">
            {monthTitle(month)}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label="Next month"
            disabled={month >= thisMonth}
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <Icon name="chevron-right" size={16} />
          </button>
        </div>
      </div>
      {calendar.isPending ? (
        <div role="status" aria-label="Loading the mood calendar">
          <Skeleton height={220} />
        </div>
      ) : calendar.isError ? (
        <LoadFailed
          what="the mood calendar"
          busy={calendar.isFetching}
          retry={() => void calendar.refetch()}
        />
      ) : (
        <table className={styles.calendar} aria-labelledby={titleId}>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" abbr={day}>
                  {day.slice(0, 2)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={index}>
                {week.map((cell, column) =>
                  cell ? (
                    <td key={cell.day}>
                      <span
                        className={styles.day}
                        data-mood={cell.mood || undefined}
                        data-today={cell.isToday || undefined}
                        aria-label={cell.label}
                        title={cell.label}
                        role="img"
                      >
                        <span aria-hidden="true">{cell.date}</span>
                        {cell.mood ? (
                          <span className={styles.dayEmoji} aria-hidden="true">
                            {moodEmoji(cell.mood)}
                          </span>
                        ) : null}
                      </span>
                    </td>
                  ) : (
                    <td key={`blank-${column}`} aria-hidden="true" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.legend}>Each day shows the mood of its latest check-in (UTC days).</p>
    </div>
  );
}

const CHART_W = 300;
const CHART_H = 120;

function WellnessTrend() {
  const [range, setRange] = useState<TrendRange>(30);
  const trend = useMoodTrend(range);
  const titleId = useId();
  const series = trendSeries(trend.data ?? []);
  return (
    <div className={`card ${styles.block}`}>
      <div className={styles.head}>
        <h4 id={titleId} className={styles.title}>
          Mood and energy
        </h4>
        <div className={styles.ranges} role="group" aria-label="Period">
          {TREND_RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className={`btn btn-ghost ${styles.range}`}
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              {days} days
            </button>
          ))}
        </div>
      </div>
      {trend.isPending ? (
        <div role="status" aria-label="Loading the mood and energy chart">
          <Skeleton height={150} />
        </div>
      ) : trend.isError ? (
        <LoadFailed what="the chart" busy={trend.isFetching} retry={() => void trend.refetch()} />
      ) : series.days === 0 ? (
        <EmptyState icon="chart" title={`No check-ins in the last ${range} days`}>
          Check in to see your mood and energy over time.
        </EmptyState>
      ) : (
        <figure className={styles.chart}>
          <svg
            viewBox={`-4 -4 ${CHART_W + 8} ${CHART_H + 8}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={titleId}
            aria-describedby={`${titleId}-summary`}
          >
            {[0, 0.25, 0.5, 0.75, 1].map((at) => (
              <line
                key={at}
                x1={0}
                x2={CHART_W}
                y1={at * CHART_H}
                y2={at * CHART_H}
                className={styles.grid}
              />
            ))}
            <path
              d={linePath(series.energy, 1, 10, CHART_W, CHART_H)}
              className={styles.energyLine}
              data-series="energy"
            />
            <path
              d={linePath(series.mood, 1, 5, CHART_W, CHART_H)}
              className={styles.moodLine}
              data-series="mood"
            />
          </svg>
          <figcaption id={`${titleId}-summary`} className={styles.chartKey}>
            <span className={styles.keyMood}>Mood (1–5)</span>
            <span className={styles.keyEnergy}>Energy (1–10)</span>
            <span className={styles.keyDays}>
              {series.days} of the last {range} days with a check-in
            </span>
          </figcaption>
        </figure>
      )}
    </div>
  );
}

function WellnessExport() {
  const download = useWellnessExport();
  return (
    <div className={styles.export}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={download.isPending}
        aria-busy={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? <Spinner /> : <Icon name="download" size={16} />}
        Download CSV
      </button>
      <span className={styles.hint}>Your check-ins and reflections</span>
      {download.isError ? (
        <p className={styles.error} role="alert">
          The download failed. Please try again.
        </p>
      ) : null}
    </div>
  );
}
