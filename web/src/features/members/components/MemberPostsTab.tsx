// A member's posts (GET /api/users/{id}/posts?limit=10); empty: "<username> hasn't posted yet".
import { EmptyState } from '../../../ui/EmptyState';
import { PostCard } from '../../posts';
import { PostSkeleton } from '../../posts';
import { noPostsText } from '../follow';
import { useMemberPosts } from '../hooks/useMember';
import type { MemberTabProps } from '../types';
import styles from './MemberProfileDialog.module.css';

export function MemberPostsTab({ profile }: MemberTabProps) {
  const { posts, isLoading } = useMemberPosts(profile.id);
  if (isLoading) {
    return (
      <div className={styles.list} role="status" aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }
  if (posts.length === 0) return <EmptyState icon="posts" title={noPostsText(profile.username)} />;
  return (
    <div className={styles.list}>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </div>
  );
}
