// One story in the strip: the author's avatar with their aura ring, the name beneath.
import { Avatar } from '../../../ui/Avatar';
import { cutText } from '../../../ui/text';
import { authorName } from '../../posts';
import type { Post } from '../../posts';
import { STORY_PREVIEW_MAX } from '../story-clock';
import styles from './StoryBubble.module.css';

export function StoryBubble({ story, onOpen }: { story: Post; onOpen: () => void }) {
  const preview = cutText(story.content, STORY_PREVIEW_MAX);
  return (
    <button
      type="button"
      className={styles.bubble}
      onClick={onOpen}
      aria-label={`Story by ${authorName(story.user)}${preview ? `: ${preview}` : ''}`}
      title={preview || undefined}
    >
      <span className={styles.ring}>
        <Avatar
          username={story.user.username}
          src={story.user.profile_picture}
          size="lg"
          auraScore={story.user.aura_score}
        />
      </span>
      <span className={styles.name}>{authorName(story.user)}</span>
    </button>
  );
}
