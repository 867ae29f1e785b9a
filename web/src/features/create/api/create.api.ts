// POST /api/posts (spec 000 §7, ADR 0004).
import type { ApiClient } from '../../../api/client';
import type { CreatePostBody } from '../../posts';
import type { CreatePostRequest } from '../validation';

export function createCreateApi(api: ApiClient) {
  return {
    // The generated schema reads the DTO's `content: string | null` as an object type (the gateway's
    // @ApiPropertyOptional lacks `type: String`), hence the cast; the body is the spec's.
    createPost: (body: CreatePostRequest) =>
      api.call((c) => c.POST('/api/posts', { body: body as unknown as CreatePostBody })),
  };
}
