// A determinate progress bar (uploads, recording time): 0-100, named for assistive technology.
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** 0-100. */
  value: number;
  /** The accessible name, e.g. "Upload progress". */
  label: string;
  /** Read out instead of "<value>%" (e.g. "0:42 of 2:00"). */
  valueText?: string;
  tone?: 'aura' | 'danger';
}

export function ProgressBar({ value, label, valueText, tone = 'aura' }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
      data-tone={tone}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
