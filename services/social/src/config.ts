import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadSocialConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      SOCIAL_GRPC_URL: hostPort().default('127.0.0.1:50052'),
      SOCIAL_HTTP_PORT: port(8102),
      /** Authors with more followers than this are not fanned out; their posts are merged at read time. */
      SOCIAL_FANOUT_LIMIT: z.coerce.number().int().min(0).default(5000),
    },
    env,
    { usesRedis: true },
  );
}

export type SocialConfig = ReturnType<typeof loadSocialConfig>;
