import { hostPort, loadConfig, port } from '@aura/platform';

export function loadEconomyConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      ECONOMY_GRPC_URL: hostPort().default('127.0.0.1:50054'),
      ECONOMY_HTTP_PORT: port(8104),
      /** Members the projection does not know yet are looked up in identity. */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
    },
    env,
  );
}

export type EconomyConfig = ReturnType<typeof loadEconomyConfig>;
