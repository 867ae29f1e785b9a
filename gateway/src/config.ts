import { hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    {
      GATEWAY_PORT: port(8080),
      /**
       * The gateway's internal port, like a service's *_HTTP_PORT: GET /metrics, /health/live and
       * /health/ready (readiness: what the gateway itself needs). Never behind the public ingress.
       */
      GATEWAY_HTTP_PORT: port(8108),
      /** The access tokens' lifetime (identity's): how long a revoked session must stay refused. */
      AURA_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
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
      /** Sign-in attempts per client address and minute (wide: a NAT's members share it). */
      AURA_RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(60),
      /** Failed sign-ins per account (username) and 15 minutes, whatever the address. */
      AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
      /** Sign-ups per client address and hour. */
      AURA_RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(30),
      /** Sign-up attempts per e-mail address (and per username) and hour, whatever the client address. */
      AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(5),
      /** Password reset requests per client address and hour. */
      AURA_RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().min(1).default(20),
      /** Password reset requests per e-mail address and hour, whatever the client address (mail bombing). */
      AURA_RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
      /** Per member and minute: tips, transfers and checkout sessions (each one a Stripe call). */
      AURA_RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().min(1).default(30),
      /** Per member and hour: withdrawal requests (each checks the password). */
      AURA_RATE_LIMIT_WITHDRAWALS_PER_HOUR: z.coerce.number().int().min(1).default(10),
      /** Per member and hour: password changes (each checks the current password). */
      AURA_RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(5),
      /** Per member and hour: two-factor settings (setup, confirm, new recovery codes, turn off) and new confirmation mails. */
      AURA_RATE_LIMIT_ACCOUNT_SECURITY_PER_HOUR: z.coerce.number().int().min(1).default(20),
      /** Per member and minute: uploads (media, picture, banner, message attachments). */
      AURA_RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
      /** Per member and minute: searches (users, posts, stories, tags). */
      AURA_RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(60),
      /** Per member and hour: new support tickets. */
      AURA_RATE_LIMIT_TICKETS_PER_HOUR: z.coerce.number().int().min(1).default(10),
      AURA_RATE_LIMIT_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
      /** Per member and hour: wallet statements (each reads the month's ledger; a PDF is drawn). */
      AURA_RATE_LIMIT_STATEMENTS_PER_HOUR: z.coerce.number().int().min(1).default(60),
      /** New posts/stories, and separately new comments, per member and minute. */
      AURA_RATE_LIMIT_CONTENT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
      /** Chat messages per member and minute. */
      AURA_RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
      /** Built web app served at `/`. */
      AURA_WEB_DIST: z.string().optional(),
      /**
       * Media's key for message-attachment URLs: the gateway signs a fresh URL for the member every
       * time it hands a message out (required in production, like media's).
       */
      AURA_MEDIA_SIGNING_SECRET: z.string().min(16).default('aura-local-media-signing-secret'),
      /** How long such a URL stays valid. */
      AURA_MEDIA_SIGNED_URL_TTL_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .max(24 * 3600)
        .default(900),
    },
    env,
    { requiredInProduction: ['AURA_MEDIA_SIGNING_SECRET'], usesRedis: true },
  );
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
