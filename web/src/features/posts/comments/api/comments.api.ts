// Comment calls (spec 001 §7, ADR 0004).
import type { ApiClient } from '../../../../api/client';
import { pageQuery, readNextCursor, type Page } from '../../../../api/cursor';
import { asList, callWithHeaders } from '../../../../api/request';
import type { Comment, NewComment } from '../types';

/** Comments per page (the server pages by X-Next-Cursor; 50 is its default). */
export const COMMENTS_PAGE_SIZE = 50;

export function createCommentsApi(api: ApiClient) {
  return {
    /** GET /api/posts/{id}/comments: a page of the post's comments, oldest first (replies included). */
    page: async (postId: string, cursor: string | null, signal?: AbortSignal): Promise<Page<Comment>> => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/posts/{id}/comments', {
          params: { path: { id: postId }, query: pageQuery(cursor, COMMENTS_PAGE_SIZE) },
          signal,
        }),
      );
      return { items: asList(data), nextCursor: readNextCursor(headers) };
    },
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
