// Post calls shared by every list of posts (ADR 0004): the like toggle.
import type { ApiClient } from '../../../api/client';

export function createPostsApi(api: ApiClient) {
  return {
    /** POST /api/posts/{id}/like (empty body): toggles, answers {liked, likes_count}. */
    like: (postId: string) =>
      api.call((c) => c.POST('/api/posts/{id}/like', { params: { path: { id: postId } } })),
  };
}

export type PostsApi = ReturnType<typeof createPostsApi>;
