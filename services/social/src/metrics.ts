import { LazyCounter } from '@aura/platform';

/** aura.posts.created (Prometheus aura_posts_created_total): posts and stories stored. */
export const postsCreated = new LazyCounter('aura.posts.created', {
  description: 'Posts (stories included) created.',
});
