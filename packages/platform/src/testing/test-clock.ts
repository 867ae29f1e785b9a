import { identity } from '@aura/proto';
import { createGrpcClient, unaryCall } from '../grpc/client';
import { callerMetadata } from '../grpc/metadata';
import { testIdentity } from './test-identity';

// The test clock of account deletion: identity erases, as of a time the test chooses, every account
// whose grace period would have ended by then (RunAccountDeletions, refused in production). The test
// plays the gateway with its certificate of the local internal PKI, straight to the stack's identity.

let client: identity.IdentityServiceClient | undefined;

/** Erases the accounts due by `asOf`; answers whose. */
export async function runAccountDeletionsAt(asOf: Date): Promise<string[]> {
  client ??= createGrpcClient(
    identity.IdentityServiceClient,
    process.env.IDENTITY_GRPC_URL ?? '127.0.0.1:50051',
    'identity',
    testIdentity('gateway'),
  );
  const run = await unaryCall(
    client,
    client.runAccountDeletions,
    { asOf: asOf.toISOString() },
    callerMetadata(undefined),
  );
  return run.erasedUserIds;
}

/** Closes the channel (afterAll of a spec that used the test clock). */
export function closeTestClock(): void {
  client?.close();
  client = undefined;
}
