// Trending Tags (spec 000 §2, §9): the 15 most used tags of the last 7 days; a tag searches itself.
import { useId } from 'react';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { useTrendingTags } from '../hooks/useExploreLists';
import { TagChips } from './ResultItems';
import styles from './Explore.module.css';

export function TrendingTagsCard({ onTag }: { onTag: (tag: string) => void }) {
  const { tags, isLoading } = useTrendingTags();
  const titleId = useId();
  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        <Icon name="trending" size={18} /> Trending Tags
      </h3>
      {isLoading ? (
        <div className={styles.chipSkeletons} role="status" aria-label="Loading trending tags">
          {[64, 88, 52, 76, 60].map((width) => (
            <Skeleton key={width} width={width} height={28} style={{ borderRadius: 999 }} />
          ))}
        </div>
      ) : tags.length === 0 ? (
        <p className={styles.cardEmpty}>No trending tags yet. Add a #tag to your next post!</p>
      ) : (
        <TagChips tags={tags} onTag={onTag} />
      )}
    </section>
  );
}
