// The own-profile Saved section (issue 23): the posts the member saved from a post's ⋯ menu, the most
// recently saved first, with "Load more" for the next page. Only the member sees it.
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { PostCard } from '../../posts';
import { PostSkeleton } from '../../posts';
import { useSavedPosts } from '../hooks/useSavedPosts';
import styles from '../../../ui/Wellness.module.css';

export const NO_SAVED_POSTS = 'No saved posts yet';

export function SavedPostsSection() {
  const saved = useSavedPosts();
  return (
    <section className={styles.section} aria-label="Saved posts">
      {saved.isLoading ? (
        <div className={styles.list} role="status" aria-label="Loading saved posts">
          <PostSkeleton />
          <PostSkeleton />
        </div>
      ) : saved.posts.length === 0 ? (
        <div className={styles.savedEmpty}>
          <EmptyState icon="bookmark" title={NO_SAVED_POSTS}>
            Save a post from its ⋯ menu to find it here. Only you see your saved posts.
          </EmptyState>
          {saved.isError ? (
            <button type="button" className="btn btn-ghost" onClick={saved.refetch}>
              Refresh
            </button>
          ) : null}
        </div>
      ) : (
        <div className={styles.list}>
          {saved.posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
          {saved.isFetchingNextPage ? (
            <Spinner label="Loading more saved posts" />
          ) : saved.hasNextPage ? (
            <button type="button" className={`btn btn-ghost ${styles.more}`} onClick={saved.fetchNextPage}>
              Load more
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
