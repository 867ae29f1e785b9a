// Post calls shared by every list of posts (ADR 0004): the like toggle, saving, hiding, editing and
// deleting one's own, the Saved list.
import type { ApiClient } from '../../../api/client';
import { pageQuery, readNextCursor, type Page } from '../../../api/cursor';
import type { Post } from '../types';
import { asList, callWithHeaders } from '../../../api/request';

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
    /** PATCH /api/posts/{id} {content}: the author's edit of the text; the post, with edited_at. */
    edit: (postId: string, content: string) =>
      api.call((c) => c.PATCH('/api/posts/{id}', { ...path(postId), body: { content } })),
    /** DELETE /api/posts/{id}: the author deletes it (204). */
    remove: (postId: string) => api.call((c) => c.DELETE('/api/posts/{id}', path(postId))),
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
