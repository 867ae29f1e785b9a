// The live community feed preview (spec 000 §2). Empty until GET /api/public/feed/preview exists.
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { PREVIEW_AURA_TIERS } from '../constants';
import { useFeedPreview } from '../hooks/useLandingData';
import { auraTier } from '../../aura/aura-level';
import styles from './CommunityFeedPreview.module.css';

export function CommunityFeedPreview() {
  const { posts, isLive } = useFeedPreview();
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="community-feed-title">
      <header className={styles.header}>
        <h2 id="community-feed-title" className={styles.title}>
          Live Community Feed
        </h2>
        {isLive ? (
          <span className={styles.live}>
            <span className="live-dot" aria-hidden="true" /> Live
          </span>
        ) : null}
      </header>
      {posts.length === 0 ? (
        <EmptyState icon="sparkle" title="The community is warming up">
          New posts from members appear here as they are shared.
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {posts.map((post) => (
            <li
              key={post.id}
              className={styles.item}
              data-tier={auraTier(post.user.aura_score, PREVIEW_AURA_TIERS)}
            >
              <Avatar username={post.user.username} size="sm" />
              <div>
                <p className={styles.author}>{post.user.display_name}</p>
                <p className={styles.content}>{post.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
