import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      MEDIA_GRPC_URL: hostPort().default('127.0.0.1:50056'),
      MEDIA_HTTP_PORT: port(8106),
      /** The services a data export reads from (docs/data-export.md). */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
      SOCIAL_GRPC_URL: hostPort().default('127.0.0.1:50052'),
      MESSAGING_GRPC_URL: hostPort().default('127.0.0.1:50053'),
      ECONOMY_GRPC_URL: hostPort().default('127.0.0.1:50054'),
      /** Key of the signed, expiring URLs of message attachments. */
      AURA_MEDIA_SIGNING_SECRET: z.string().min(16).default('aura-local-media-signing-secret'),
      /** How long a signed message-attachment URL stays valid. */
      AURA_MEDIA_SIGNED_URL_TTL_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .max(7 * 24 * 3600)
        .default(900),
    },
    env,
    { requiredInProduction: ['AURA_MEDIA_SIGNING_SECRET'] },
  );
}

export type MediaConfig = ReturnType<typeof loadMediaConfig>;
