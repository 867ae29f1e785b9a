import { InternalCalls } from '../grpc/internal-calls';

/**
 * A test's identity for internal calls, as the service it plays (default: the gateway, which signs
 * caller tokens), from the local PKI the test runner points AURA_INTERNAL_TLS_DIR at.
 */
export function testIdentity(service = 'gateway', env: NodeJS.ProcessEnv = process.env): InternalCalls {
  const tlsDir = env.AURA_INTERNAL_TLS_DIR;
  if (!tlsDir)
    throw new Error('AURA_INTERNAL_TLS_DIR is not set: run the tests with scripts/test/run-tests.mjs');
  return new InternalCalls({ service, tlsDir });
}
