// A member's live stories (GET /api/users/{id}/stories?limit=20); empty: 'No active stories'.
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { cutText, timeAgo } from '../../../ui/text';
import { MediaDisplay } from '../../media';
import { liveStories, STORY_PREVIEW_MAX } from '../../stories';
import { NO_STORIES_TEXT } from '../follow';
import { useMemberStories } from '../hooks/useMember';
import type { MemberTabProps } from '../types';
import styles from './MemberProfileDialog.module.css';

export function MemberStoriesTab({ profile }: MemberTabProps) {
  const { stories, isLoading } = useMemberStories(profile.id);
  const live = liveStories(stories);
  if (isLoading) {
    return (
      <div className={styles.stories} role="status" aria-label="Loading stories">
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    );
  }
  if (live.length === 0) return <EmptyState icon="sparkle" title={NO_STORIES_TEXT} />;
  return (
    <ul className={styles.stories}>
      {live.map((story) => (
        <li key={story.id} className={styles.story}>
          {story.media_url ? (
            <MediaDisplay
              url={story.media_url}
              type={story.media_type ?? story.content_type}
              alt="Story media"
            />
          ) : null}
          {story.content ? (
            <p className={styles.storyText}>{cutText(story.content, STORY_PREVIEW_MAX)}</p>
          ) : null}
          <time className={styles.storyTime} dateTime={story.created_at}>
            {timeAgo(story.created_at)}
          </time>
        </li>
      ))}
    </ul>
  );
}
