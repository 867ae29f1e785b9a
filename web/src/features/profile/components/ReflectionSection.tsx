// The own-profile Reflection section (spec 000 §2): the latest 5 mood check-ins (mood, optional
// description, time, energy out of 10) and the latest 3 reflections (content, mood, time).
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { timeAgo } from '../../../ui/text';
import { useCheckins, useReflections } from '../hooks/useWellness';
import { energyText, latest, LATEST_CHECKINS, LATEST_REFLECTIONS, moodEmoji, moodLabel } from '../wellness';
import styles from '../../../ui/Wellness.module.css';

export function ReflectionSection() {
  const { checkins, isLoading: checkinsLoading } = useCheckins();
  const { reflections, isLoading: reflectionsLoading } = useReflections();
  return (
    <section className={styles.section} aria-label="Reflection">
      <div className={styles.group}>
        <h4 className={styles.cardTitle}>Recent Check-ins</h4>
        {checkinsLoading ? (
          <Skeleton height={56} />
        ) : checkins.length === 0 ? (
          <EmptyState icon="pulse" title="No check-ins yet" />
        ) : (
          <ul className={styles.entries} aria-label="Recent check-ins">
            {latest(checkins, LATEST_CHECKINS).map((checkin) => (
              <li key={checkin.id} className={`card ${styles.entry}`}>
                <div className={styles.entryTop}>
                  <span className={styles.moodTag} data-mood={checkin.mood}>
                    <span aria-hidden="true">{moodEmoji(checkin.mood)}</span> {moodLabel(checkin.mood)}
                  </span>
                  <span className={styles.energy}>Energy {energyText(checkin.energy_level)}</span>
                </div>
                {checkin.mood_description ? (
                  <p className={styles.entryText}>{checkin.mood_description}</p>
                ) : null}
                <time className={styles.time} dateTime={checkin.created_at}>
                  {timeAgo(checkin.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.group}>
        <h4 className={styles.cardTitle}>Recent Reflections</h4>
        {reflectionsLoading ? (
          <Skeleton height={56} />
        ) : reflections.length === 0 ? (
          <EmptyState icon="sparkle" title="No reflections yet" />
        ) : (
          <ul className={styles.entries} aria-label="Recent reflections">
            {latest(reflections, LATEST_REFLECTIONS).map((reflection) => (
              <li key={reflection.id} className={`card ${styles.entry}`}>
                <p className={styles.entryText}>{reflection.content}</p>
                <div className={styles.entryTop}>
                  <span className={styles.moodTag} data-mood={reflection.mood}>
                    <span aria-hidden="true">{moodEmoji(reflection.mood)}</span> {moodLabel(reflection.mood)}
                  </span>
                  <time className={styles.time} dateTime={reflection.created_at}>
                    {timeAgo(reflection.created_at)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
