// Post calls shared by every list of posts (ADR 0004): the like toggle, saving, hiding, the Saved list.
import type { ApiClient } from '../../../api/client';
import { pageQuery, readNextCursor, type Page } from '../../feed/cursor';
import type { Post } from '../types';
import { asList, callWithHeaders } from './request';

export function createPostsApi(api: ApiClient) {
  const path = (postId: string) => ({ params: { path: { id: postId } } });
  return {
    /** POST /api/posts/{id}/like (empty body): toggles, answers {liked, likes_count}. */
    like: (postId: string) => api.call((c) => c.POST('/api/posts/{id}/like', path(postId))),
    /** PUT /api/posts/{id}/save: {saved: true} (saving again changes nothing). */
    save: (postId: string) => api.call((c) => c.PUT('/api/posts/{id}/save', path(postId))),
    /** DELETE /api/posts/{id}/save: {saved: false}. */
    unsave: (postId: string) => api.call((c) => c.DELETE('/api/posts/{id}/save', path(postId))),
    /** PUT /api/posts/{id}/hide: {hidden: true}; the post leaves the caller's feeds. */
    hide: (postId: string) => api.call((c) => c.PUT('/api/posts/{id}/hide', path(postId))),
    /** DELETE /api/posts/{id}/hide: {hidden: false}. */
    unhide: (postId: string) => api.call((c) => c.DELETE('/api/posts/{id}/hide', path(postId))),
    /** GET /api/saved-posts: one page of the caller's saved posts, the most recently saved first. */
    savedPage: async (cursor: string | null, signal?: AbortSignal): Promise<Page<Post>> => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/saved-posts', { params: { query: pageQuery(cursor) }, signal }),
      );
      return { items: asList(data), nextCursor: readNextCursor(headers) };
    },
  };
}

export type PostsApi = ReturnType<typeof createPostsApi>;
