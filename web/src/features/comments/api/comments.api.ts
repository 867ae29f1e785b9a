// Comment calls (spec 001 §7, ADR 0004).
import type { ApiClient } from '../../../api/client';
import { asList } from '../../posts/api/request';
import type { NewComment } from '../types';

/** The first page of a post's comments (the server pages by X-Next-Cursor; 50 is its default). */
export const COMMENTS_PAGE_SIZE = 50;

export function createCommentsApi(api: ApiClient) {
  return {
    /** GET /api/posts/{id}/comments: the comments of the post (replies included). */
    list: async (postId: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/posts/{id}/comments', {
            params: { path: { id: postId }, query: { limit: COMMENTS_PAGE_SIZE } },
            signal,
          }),
        ),
      ),
    /** POST /api/posts/{id}/comments {post_id, content, content_type}. */
    add: (body: NewComment) =>
      api.call((c) => c.POST('/api/posts/{id}/comments', { params: { path: { id: body.post_id } }, body })),
    /** PATCH /api/comments/{id} {content}: the commenter's edit; the comment, with edited_at. */
    edit: (commentId: string, content: string) =>
      api.call((c) =>
        c.PATCH('/api/comments/{id}', { params: { path: { id: commentId } }, body: { content } }),
      ),
    /** DELETE /api/comments/{id}: by its commenter or the post's author, with its replies (204). */
    remove: (commentId: string) =>
      api.call((c) => c.DELETE('/api/comments/{id}', { params: { path: { id: commentId } } })),
    /** POST /api/comments/{id}/like: toggles, answers {liked, likes_count}. */
    like: (commentId: string) =>
      api.call((c) => c.POST('/api/comments/{id}/like', { params: { path: { id: commentId } } })),
  };
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
