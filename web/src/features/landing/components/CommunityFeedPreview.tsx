// The live community feed preview (spec 000 §2): the latest public posts with likes, comments and time,
// authors ringed by aura tier at 900, 700 and 500; refreshed every 15 seconds.
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { timeAgo } from '../../../ui/text';
import { authorName } from '../../posts';
import { PREVIEW_AURA_TIERS } from '../constants';
import { useFeedPreview } from '../hooks/useLandingData';
import styles from './CommunityFeedPreview.module.css';

export function CommunityFeedPreview() {
  const { posts, isLive, isLoading } = useFeedPreview();
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
      {isLoading ? (
        <ul className={styles.list} aria-label="Loading community posts">
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.item} aria-hidden="true">
              <Skeleton width={32} height={32} round />
              <div className={styles.body}>
                <Skeleton width="30%" height={12} />
                <Skeleton width="85%" height={12} style={{ marginTop: 8 }} />
              </div>
            </li>
          ))}
        </ul>
      ) : posts.length === 0 ? (
        <EmptyState icon="sparkle" title="The community is warming up">
          New posts from members appear here as they are shared.
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {posts.map((post) => (
            <li key={post.id} className={styles.item}>
              <Avatar
                username={post.user.username}
                src={post.user.profile_picture}
                size="sm"
                auraScore={post.user.aura_score}
                tiers={PREVIEW_AURA_TIERS}
              />
              <div className={styles.body}>
                <p className={styles.author}>
                  {authorName(post.user)}{' '}
                  {post.user.username ? <span className={styles.handle}>@{post.user.username}</span> : null}
                </p>
                <p className={styles.content}>{post.content}</p>
                <p className={styles.stats}>
                  <span>
                    <Icon name="heart" size={14} /> {post.likes_count}
                    <span className="sr-only"> {post.likes_count === 1 ? 'like' : 'likes'}</span>
                  </span>
                  <span>
                    <Icon name="comment" size={14} /> {post.comments_count}
                    <span className="sr-only"> {post.comments_count === 1 ? 'comment' : 'comments'}</span>
                  </span>
                  <time dateTime={post.created_at}>{timeAgo(post.created_at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
