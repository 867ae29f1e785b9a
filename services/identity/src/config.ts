import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
      IDENTITY_HTTP_PORT: port(8101),
      AURA_JWT_PRIVATE_KEY_FILE: z.string().optional(),
      AURA_JWT_PRIVATE_KEY: z.string().optional(),
      AURA_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
      /** Idle lifetime: each rotation issues a refresh token valid this long (within the session's cap). */
      AURA_REFRESH_TOKEN_TTL_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .default(7 * 24 * 3600),
      /** Absolute lifetime of a session from sign-in: no refresh token outlives it (no sliding forever). */
      AURA_SESSION_MAX_AGE_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .default(30 * 24 * 3600),
      AURA_SUPER_ADMIN_USERNAME: z.string().default('superadmin'),
      AURA_SUPER_ADMIN_PASSWORD: z.string().min(8).default('aura-super-admin'),
      AURA_SUPER_ADMIN_EMAIL: z.string().email().default('superadmin@aura.local'),
    },
    env,
    { requiredInProduction: ['AURA_SUPER_ADMIN_PASSWORD'] },
  );
}

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
