// The stories strip with its Create tile (spec 000 §2): one bubble per live story with the author's aura
// ring; a bubble opens the story viewer (5-second auto-close, pause and play, progress bar).
import { useState } from 'react';
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { StoryBubble } from '../../stories';
import { StoryViewer } from '../../stories';
import { useStories } from '../../stories';
import styles from './StoriesStrip.module.css';

export function StoriesStrip() {
  const { openDialog } = useAppDialogs();
  const { stories, isLoading } = useStories();
  // The open story by id, so a refetch that reorders the strip does not switch stories under the viewer.
  const [openId, setOpenId] = useState<string | null>(null);
  const openIndex = openId === null ? -1 : stories.findIndex((story) => story.id === openId);

  return (
    <section className={styles.strip} aria-label="Stories">
      <button
        type="button"
        className={styles.create}
        onClick={() => openDialog('create', { mode: 'story' })}
        aria-label="Create story"
      >
        <span className={styles.plus}>
          <Icon name="plus" size={22} />
        </span>
        <span className={styles.caption}>Create</span>
      </button>
      {isLoading ? (
        <div className={styles.loading} role="status" aria-label="Loading stories">
          {[0, 1, 2].map((i) => (
            <span key={i} className={styles.placeholder}>
              <Skeleton width={64} height={64} round />
              <Skeleton width={48} height={10} />
            </span>
          ))}
        </div>
      ) : stories.length === 0 ? (
        <p className={styles.hint}>Stories from people you follow appear here for 5 hours.</p>
      ) : (
        <ul className={styles.list}>
          {stories.map((story) => (
            <li key={story.id}>
              <StoryBubble story={story} onOpen={() => setOpenId(story.id)} />
            </li>
          ))}
        </ul>
      )}
      {openIndex !== -1 ? (
        <StoryViewer
          stories={stories}
          index={openIndex}
          onIndexChange={(index) => setOpenId(stories[index]?.id ?? null)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
