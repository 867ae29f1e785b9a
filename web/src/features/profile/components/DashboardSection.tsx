// The own-profile Dashboard (spec 000 §2): daily positivity (whole percent), weekly reflections,
// engagement rate (one decimal), weekly growth, the aura progress (score out of 1000, bar = score / 10)
// with its level, the mood trend badge, and the buttons opening Daily Check-in and Daily Reflection.
import { useState } from 'react';
import type { User } from '../../../api/types';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Skeleton } from '../../../ui/Skeleton';
import { AURA_SCORE_MAX, auraLevel, auraPercent, auraTier } from '../../aura';
import { useProfileStats } from '../hooks/useWellness';
import { dashboardFigures } from '../wellness';
import { CheckinDialog } from './CheckinDialog';
import { ReflectionDialog } from './ReflectionDialog';
import styles from '../../../ui/Wellness.module.css';

export function DashboardSection({ user }: { user: User }) {
  const { stats, isLoading } = useProfileStats();
  const [open, setOpen] = useState<'checkin' | 'reflection' | null>(null);
  const figures = dashboardFigures(stats);
  const level = auraLevel(user.aura_score);

  const cards = [
    { label: 'Daily Positivity', value: figures.positivity },
    { label: 'Weekly Reflections', value: String(figures.weeklyReflections) },
    { label: 'Engagement Rate', value: figures.engagement },
    { label: 'Weekly Growth', value: figures.growth },
  ];

  return (
    <section className={styles.section} aria-label="Dashboard">
      <dl className={styles.figures} aria-busy={isLoading || undefined}>
        {cards.map((card) => (
          <div key={card.label} className={`card ${styles.figure}`}>
            <dt>{card.label}</dt>
            <dd>{isLoading ? <Skeleton width={48} height={22} /> : card.value}</dd>
          </div>
        ))}
      </dl>

      <div className={`card ${styles.auraCard}`} data-tier={auraTier(user.aura_score)}>
        <div className={styles.auraTop}>
          <h4 className={styles.cardTitle}>Aura Progress</h4>
          <span
            className={styles.trend}
            data-trend={figures.trend}
            aria-label={`Mood trend: ${figures.trend}`}
          >
            {figures.trend}
          </span>
        </div>
        <p className={styles.auraScore}>
          <strong>{user.aura_score}</strong> / {AURA_SCORE_MAX} ·{' '}
          <span className="gradient-text">{level}</span>
        </p>
        <ProgressBar
          value={auraPercent(user.aura_score)}
          label="Aura progress"
          valueText={`${user.aura_score} of ${AURA_SCORE_MAX}, ${level}`}
        />
      </div>

      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => setOpen('checkin')}>
          Daily Check-in
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen('reflection')}>
          Daily Reflection
        </button>
      </div>
      <p className={styles.hint}>
        Daily check-in: +2 Aura, +0.001 AC · Daily reflection: +10 Aura, +0.001 AC
      </p>

      {open === 'checkin' ? <CheckinDialog onClose={() => setOpen(null)} /> : null}
      {open === 'reflection' ? <ReflectionDialog onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
