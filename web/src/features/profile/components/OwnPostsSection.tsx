// The own-profile Posts section (spec 000 §2): filters All Posts, Photos, Videos (GET /api/profile/posts
// ?content_type=all|image|video); each post with content, time, likes and comments; 'No posts yet'.
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { PostCard } from '../../posts';
import { PostSkeleton } from '../../posts';
import { useOwnPosts } from '../hooks/useWellness';
import { NO_POSTS_YET, POST_FILTERS, type PostFilter } from '../wellness';
import styles from '../../../ui/Wellness.module.css';

export function OwnPostsSection() {
  const [filter, setFilter] = useState<PostFilter>('all');
  const { posts, isLoading } = useOwnPosts(filter);
  return (
    <section className={styles.section} aria-label="Your posts">
      <div className={styles.filters} role="group" aria-label="Post filter">
        {POST_FILTERS.map((item) => (
          <button
            key={item.id}
            type="button"
            className={`btn ${filter === item.id ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={filter === item.id}
            onClick={() => setFilter(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {isLoading ? (
        <div className={styles.list} role="status" aria-label="Loading posts">
          <PostSkeleton />
          <PostSkeleton />
        </div>
      ) : posts.length === 0 ? (
        <EmptyState icon="posts" title={NO_POSTS_YET} />
      ) : (
        <div className={styles.list}>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
    </section>
  );
}
