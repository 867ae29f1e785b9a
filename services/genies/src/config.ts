import { hostPort, loadConfig, port } from '@aura/platform';

export function loadGeniesConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      GENIES_GRPC_URL: hostPort().default('127.0.0.1:50055'),
      GENIES_HTTP_PORT: port(8105),
      /** Bottle charges and earnings go through economy's ledger. */
      ECONOMY_GRPC_URL: hostPort().default('127.0.0.1:50054'),
      /** Members the projection does not know yet (SuperAura) are looked up in identity. */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
    },
    env,
  );
}

export type GeniesConfig = ReturnType<typeof loadGeniesConfig>;
