import '@fastify/multipart';
import { HttpException, UnprocessableEntityException } from '@nestjs/common';
import type { Caller } from '@aura/platform';
import { media } from '@aura/proto';
import type { FastifyRequest } from 'fastify';
import { MediaClient } from '../clients/media.client';

export const FILE_REQUIRED = 'file is required';
/**
 * Largest upload of any purpose (posts, messages: 50 MiB), plus one byte so media can tell it is over;
 * one file. Text fields are buffered, so they are bounded too (issue 18, review F16): at most 10
 * fields of 100 KiB (a message's content is at most 20,000 characters), names of 100 bytes, 12
 * parts in all; more parts or fields are refused (413), a longer field is refused by the route.
 */
export const MULTIPART_LIMITS = {
  fileSize: 50 * 1024 * 1024 + 1,
  files: 1,
  fields: 10,
  fieldSize: 100 * 1024,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 100,
};
export const FIELD_TOO_LARGE = 'A form field is too large';

/**
 * Streams the multipart field `file` of the request to media for `purpose`. The file is never held
 * whole by the gateway: its bytes are forwarded as they arrive. 422 when there is no such file.
 */
/**
 * A multipart body the parser can read: multipart/form-data with its boundary. Without the boundary
 * the parser throws a plain Error on first read, which would surface as a 500.
 */
export function isReadableMultipart(request: FastifyRequest): boolean {
  return request.isMultipart() && /;\s*boundary=/i.test(request.headers['content-type'] ?? '');
}

export async function uploadRequestFile(
  mediaClient: MediaClient,
  request: FastifyRequest,
  caller: Caller,
  purpose: media.MediaPurpose,
): Promise<media.StoredMedia> {
  if (!isReadableMultipart(request)) throw new UnprocessableEntityException({ detail: FILE_REQUIRED });
  const part = await request.file().catch((error: unknown) => {
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpException || statusCode === 413) throw error;
    throw new UnprocessableEntityException({ detail: FILE_REQUIRED });
  });
  if (!part) throw new UnprocessableEntityException({ detail: FILE_REQUIRED });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new UnprocessableEntityException({ detail: FILE_REQUIRED });
  }
  return mediaClient.upload(
    caller,
    {
      purpose,
      filename: part.filename ?? '',
      contentType: part.mimetype ?? '',
      conversationId: '',
      memberIds: [],
    },
    part.file,
  );
}
