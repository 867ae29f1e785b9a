// A feed's posts with infinite scroll: the next page loads when the end of the list comes into view
// (or from the "Load more" button, for keyboards). Loading skeletons and an empty state; a failure
// shows the empty list (spec 000 §8: only logged).
import { useEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { PostCard } from '../../posts';
import { PostSkeleton } from '../../posts';
import type { FeedTab } from '../feed-tabs';
import { useFeed } from '../hooks/useFeed';
import styles from './FeedList.module.css';

const EMPTY_COPY: Record<FeedTab, { title: string; text: ReactNode }> = {
  'high-aura': {
    title: 'No high aura posts yet',
    text: 'Posts from members with an aura of 700 or more appear here.',
  },
  discovery: {
    title: 'Nothing to discover yet',
    text: "Fresh voices from members you don't follow appear here.",
  },
  following: {
    title: 'Your following feed is quiet',
    text: 'Posts from the people you follow, and your own, appear here.',
  },
  aura: { title: 'No posts yet', text: 'The most uplifting posts of the community appear here.' },
};

export function FeedList({ tab }: { tab: FeedTab }) {
  const feed = useFeed(tab);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (feed.isLoading) {
    return (
      <div className={styles.list} role="status" aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }

  if (feed.posts.length === 0) {
    const copy = EMPTY_COPY[tab];
    return (
      <div className={styles.empty}>
        <EmptyState icon="sparkle" title={copy.title}>
          {copy.text}
        </EmptyState>
        {feed.isError ? (
          <button type="button" className="btn btn-ghost" onClick={feed.refetch}>
            Refresh
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <div className={styles.list}>
      {feed.posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <div ref={sentinel} className={styles.more}>
        {isFetchingNextPage ? (
          <Spinner label="Loading more posts" />
        ) : hasNextPage ? (
          <button type="button" className="btn btn-ghost" onClick={fetchNextPage}>
            Load more
          </button>
        ) : (
          <p className={styles.end}>You're all caught up ✨</p>
        )}
      </div>
    </div>
  );
}
