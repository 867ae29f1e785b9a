import { economy } from '@aura/proto';
import { randomUUID } from 'node:crypto';
import { createGrpcClient, unaryCall } from '../grpc/client';
import { callerMetadata } from '../grpc/metadata';
import { testIdentity } from './test-identity';

// Earned AuraCoins for a test's member, paid as the genies service pays them: only earned AC can be
// withdrawn (docs/money-rules.md) and no HTTP call credits earnings. The test plays the genies service
// with its certificate of the local internal PKI, straight to the test stack's economy.

let client: economy.EconomyServiceClient | undefined;

/** Pays `ac` AuraCoins of genie earnings to the member (withdrawable). */
export async function earn(userId: string, ac: number): Promise<void> {
  client ??= createGrpcClient(
    economy.EconomyServiceClient,
    process.env.ECONOMY_GRPC_URL ?? '127.0.0.1:50054',
    'economy',
    testIdentity('genies'),
  );
  await unaryCall(
    client,
    client.payGenieEarnings,
    { userId, amountMicro: Math.round(ac * 1_000_000), memo: 'test earnings', confirmPause: false },
    callerMetadata(undefined, randomUUID()),
  );
}

/** Closes the channel (afterAll of a spec that earned). */
export function closeEarnings(): void {
  client?.close();
  client = undefined;
}
