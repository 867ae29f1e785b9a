// The social REST shapes of ADR 0004, from the generated OpenAPI schema (web/src/api/schema.d.ts).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** The author fields every post, story and comment carries. */
export type PostAuthor = Schemas['PostAuthor'];
/** A post or a story (`is_story`). */
export type Post = Schemas['PostResponse'];
export type PostContentType = Post['content_type'];
export type PostCategory = Post['category'];
/** POST /api/posts/{id}/like and POST /api/comments/{id}/like (toggles). */
export type LikeResult = Schemas['LikeResponse'];
/** POST /api/posts. */
export type CreatePostBody = Schemas['CreatePostRequest'];
