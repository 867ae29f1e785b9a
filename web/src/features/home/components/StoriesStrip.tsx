// The stories strip with its Create tile (spec 000 §2). Stories arrive with a later issue (useStories).
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { useStories } from '../../stories/hooks/useStories';
import styles from './StoriesStrip.module.css';

export function StoriesStrip() {
  const { openDialog } = useAppDialogs();
  const { stories } = useStories();
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
      {stories.length === 0 ? (
        <p className={styles.hint}>Stories from people you follow appear here for 5 hours.</p>
      ) : null}
    </section>
  );
}
