import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from './social.constants';

/**
 * Lists stay JSON arrays (the spec's client reads them as such); the next page's cursor rides in
 * the X-Next-Cursor header, absent on the last page (ADR 0004).
 */
export function sendNextCursor(reply: FastifyReply, nextCursor: string): void {
  if (nextCursor) void reply.header(NEXT_CURSOR_HEADER, nextCursor);
}

/** OpenAPI description of the header, for @ApiOkResponse({ headers }). */
export const NEXT_CURSOR_DOC = {
  [NEXT_CURSOR_HEADER]: {
    description: 'Cursor of the next page (pass it as ?cursor=); absent on the last page',
    schema: { type: 'string' as const },
  },
};
