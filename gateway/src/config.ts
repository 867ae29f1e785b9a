import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      GATEWAY_PORT: port(8080),
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
      SOCIAL_GRPC_URL: hostPort().default('127.0.0.1:50052'),
      MEDIA_GRPC_URL: hostPort().default('127.0.0.1:50056'),
      ECONOMY_GRPC_URL: hostPort().default('127.0.0.1:50054'),
      MESSAGING_GRPC_URL: hostPort().default('127.0.0.1:50053'),
      GENIES_GRPC_URL: hostPort().default('127.0.0.1:50055'),
      ADMIN_GRPC_URL: hostPort().default('127.0.0.1:50057'),
      /** Shown in the Help Center (GET /api/public/config). */
      AURA_SUPPORT_EMAIL: z.string().email().default('support@aura.local'),
      /** Which proxies may set X-Forwarded-For (fastify trustProxy): "loopback", a CIDR list, or "false". */
      AURA_TRUST_PROXY: z.string().default('loopback'),
      AURA_RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
      AURA_RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(30),
      /** New posts/stories, and separately new comments, per member and minute. */
      AURA_RATE_LIMIT_CONTENT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
      /** Chat messages per member and minute. */
      AURA_RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
      /** Built web app served at `/`. */
      AURA_WEB_DIST: z.string().optional(),
    },
    env,
  );
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
