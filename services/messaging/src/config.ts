import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      MESSAGING_GRPC_URL: hostPort().default('127.0.0.1:50053'),
      MESSAGING_HTTP_PORT: port(8103),
      /** Identity answers for a member messaging has not yet heard of (right after sign-up). */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
      /** Most recent messages per conversation kept in Redis (reads beyond them go to MongoDB). */
      MESSAGING_RECENT_MESSAGES: z.coerce.number().int().min(20).max(5000).default(200),
      /** Most recent notifications per member kept in Redis. */
      MESSAGING_RECENT_NOTIFICATIONS: z.coerce.number().int().min(20).max(5000).default(100),
      /** Redis caches of idle conversations and members expire after this long (rebuilt on use). */
      MESSAGING_CACHE_TTL_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .default(30 * 24 * 3600),
    },
    env,
    { usesRedis: true },
  );
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
