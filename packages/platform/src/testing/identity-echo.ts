import { identity } from '@aura/proto';
import { Conflict } from '../errors/domain-error';
import type { AsyncService } from '../grpc/server';

/**
 * identity's contract for the internal-call tests (over the network and in process): every method
 * answers who called — the member (or "anonymous") as `id`, the calling service as `username` — and
 * listBlocked refuses with a code a client acts on (the spending pause, docs/spending.md).
 */
export function identityEchoService(): AsyncService<identity.IdentityServiceServer> {
  const handlers: Record<string, unknown> = {};
  for (const name of Object.keys(identity.IdentityServiceService))
    handlers[name] = async (_request: unknown, context: { caller?: { userId: string }; peer: string }) =>
      identity.User.fromPartial({ id: context.caller?.userId ?? 'anonymous', username: context.peer });
  handlers.listBlocked = async () => {
    throw new Conflict('Take a breath — still want to send 25 AC?', 'pause_required');
  };
  return handlers as unknown as AsyncService<identity.IdentityServiceServer>;
}
