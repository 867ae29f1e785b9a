// A small column chart of daily figures (the admin dashboard's trends): a y axis with round ticks, the
// days along the bottom, each column's value on hover and focus, and the same figures as a table for
// screen readers. Drawn as SVG at the width it is given (ResizeObserver), so text never scales.
import { useEffect, useId, useRef, useState } from 'react';
import { labelEvery, niceTicks } from './chart-scale';
import styles from './TrendChart.module.css';

export interface TrendPoint {
  /** The day, YYYY-MM-DD (UTC). */
  date: string;
  value: number;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

const dayLabel = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

export function TrendChart({
  points,
  label,
  format = (value) => value.toLocaleString('en-US'),
}: {
  points: readonly TrendPoint[];
  /** What the chart shows, e.g. "New registrations per day, last 7 days". */
  label: string;
  format?: (value: number) => string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  const tableId = useId();

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const values = points.map((point) => point.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const top = ticks[ticks.length - 1]!;
  const bottom = ticks[0]!;
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plotHeight - ((value - bottom) / (top - bottom || 1)) * plotHeight;
  const slot = points.length > 0 ? plotWidth / points.length : 0;
  const barWidth = Math.max(2, Math.min(36, slot * 0.66));
  const showLabel = labelEvery(points.length, Math.floor(plotWidth / 56));
  const total = values.reduce((sum, value) => sum + value, 0);
  const shown = active === null ? null : points[active];

  return (
    <figure className={styles.figure}>
      <div ref={frame} className={styles.frame}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`${label}: ${format(total)} in all`}
            aria-describedby={tableId}
            onMouseLeave={() => setActive(null)}
          >
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? styles.axis : styles.grid}
                />
                <text x={PAD.left - 6} y={y(tick) + 4} className={styles.tick} textAnchor="end">
                  {format(tick)}
                </text>
              </g>
            ))}
            {points.map((point, index) => {
              const x = PAD.left + slot * index + (slot - barWidth) / 2;
              const top = y(Math.max(0, point.value));
              const height = Math.abs(y(point.value) - y(0));
              return (
                <g key={point.date} onMouseEnter={() => setActive(index)}>
                  <rect
                    x={PAD.left + slot * index}
                    y={PAD.top}
                    width={slot}
                    height={plotHeight}
                    fill="transparent"
                  />
                  <rect
                    x={x}
                    y={top}
                    width={barWidth}
                    height={Math.max(height, point.value === 0 ? 0 : 1)}
                    rx={Math.min(4, barWidth / 3)}
                    className={active === index ? styles.barActive : styles.bar}
                  />
                  {showLabel(index) ? (
                    <text x={x + barWidth / 2} y={HEIGHT - 8} className={styles.tick} textAnchor="middle">
                      {dayLabel(point.date)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
      <figcaption className={styles.caption} aria-live="polite">
        {shown ? (
          <>
            <strong>{format(shown.value)}</strong> on {dayLabel(shown.date)}
          </>
        ) : (
          <>
            <strong>{format(total)}</strong> in all
          </>
        )}
      </figcaption>
      <table id={tableId} className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <th scope="row">{dayLabel(point.date)}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
