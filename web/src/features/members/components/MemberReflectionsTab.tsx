// A member's shared reflections (GET /api/users/{id}/content?content_type=reflections); empty:
// 'No reflections shared yet'.
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { timeAgo } from '../../../ui/text';
import { moodEmoji, moodLabel } from '../../profile';
import { NO_REFLECTIONS_TEXT } from '../follow';
import { useMemberReflections } from '../hooks/useMember';
import type { MemberTabProps } from '../types';
import styles from './MemberProfileDialog.module.css';

export function MemberReflectionsTab({ profile }: MemberTabProps) {
  const { reflections, isLoading } = useMemberReflections(profile.id);
  if (isLoading) {
    return (
      <div className={styles.list} role="status" aria-label="Loading reflections">
        <Skeleton height={70} />
        <Skeleton height={70} />
      </div>
    );
  }
  if (reflections.length === 0) return <EmptyState icon="sparkle" title={NO_REFLECTIONS_TEXT} />;
  return (
    <ul className={styles.reflections}>
      {reflections.map((reflection) => (
        <li key={reflection.id} className={`card ${styles.reflection}`}>
          <p className={styles.reflectionText}>{reflection.content}</p>
          <p className={styles.reflectionMeta}>
            <span>
              <span aria-hidden="true">{moodEmoji(reflection.mood)}</span> {moodLabel(reflection.mood)}
            </span>
            <time dateTime={reflection.created_at}>{timeAgo(reflection.created_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
