import type { FastifyInstance } from 'fastify';

// An Idempotency-Key travels on to the services as gRPC metadata, which takes printable ASCII only:
// any other value (a tab, a non-ASCII letter) would fail the call after the request was accepted.
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 printable ASCII characters';

/** Answers 400 to any request whose Idempotency-Key header is not a valid key (an empty one is none). */
export function refuseInvalidIdempotencyKeys(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || key === '' || (typeof key === 'string' && VALID_KEY.test(key))) {
      done();
      return;
    }
    void reply.code(400).send({ detail: IDEMPOTENCY_KEY_INVALID });
  });
}
