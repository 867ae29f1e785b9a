// Genie earnings for the demo members who ask for a withdrawal. Only earned AuraCoins can be withdrawn
// (docs/money-rules.md) and no HTTP call credits earnings: the genies service pays them each day. The
// seed plays the genies service for this one step, with its certificate of the local internal PKI,
// straight to economy; each payment carries a fixed idempotency key, so a second run pays nothing.
import platform from '@aura/platform';
import proto from '@aura/proto';
import { stackEnv } from '../lib/env.mjs';

const { callerMetadata, createGrpcClient, InternalCalls, unaryCall } = platform;

/** Pays each `{ userId, ac, key }` as genie earnings (withdrawable AC). */
export async function payGenieEarnings(payments, env = stackEnv()) {
  const client = createGrpcClient(
    proto.economy.EconomyServiceClient,
    env.ECONOMY_GRPC_URL,
    'economy',
    new InternalCalls({ service: 'genies', tlsDir: env.AURA_INTERNAL_TLS_DIR }),
  );
  try {
    for (const { userId, ac, key } of payments)
      await unaryCall(
        client,
        client.payGenieEarnings,
        { userId, amountMicro: Math.round(ac * 1_000_000), memo: 'Genie earnings' },
        callerMetadata(undefined, key),
      );
  } finally {
    client.close();
  }
}
