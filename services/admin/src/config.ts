import { hostPort, loadConfig, port } from '@aura/platform';

export function loadAdminConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      ADMIN_GRPC_URL: hostPort().default('127.0.0.1:50057'),
      ADMIN_HTTP_PORT: port(8107),
      /** Names of ticket authors the member projection has not heard of yet are asked of identity. */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
    },
    env,
  );
}

export type AdminConfig = ReturnType<typeof loadAdminConfig>;
