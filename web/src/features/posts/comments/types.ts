// Comment shapes of ADR 0004, from the generated OpenAPI schema.
import type { components } from '../../../api/schema';

export type Comment = components['schemas']['CommentResponse'];

/** POST /api/posts/{id}/comments (spec 001 §7: post_id, content, content_type). */
export type NewComment = components['schemas']['CreateCommentRequest'] & { post_id: string };
