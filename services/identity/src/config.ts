import { ConfigError, hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

/** deploy/aura.env's AURA_TOTP_ENCRYPTION_KEY: published, so for development and tests only. */
const DEVELOPMENT_TOTP_KEY = 'xj5zrhwUZfCj8aBNIJCCh94lrJDsZucKyTUjH49SsV8=';

/** 32 bytes in base64, e.g. from `openssl rand -base64 32`. */
const aes256Key = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'expected 32 random bytes in base64 (openssl rand -base64 32)');

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(
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
      /** Where mail goes out (nodemailer transport URL, e.g. smtps://user:pass@smtp.example.com:465). */
      SMTP_URL: z.string().url().default('smtp://127.0.0.1:1025'),
      AURA_MAIL_FROM: z.string().default('Aura <no-reply@aura.local>'),
      /** The web app's address as members reach it: the links in mail point there. */
      AURA_PUBLIC_URL: z.string().url().default('http://localhost:8080'),
      AURA_SUPER_ADMIN_USERNAME: z.string().default('superadmin'),
      AURA_SUPER_ADMIN_PASSWORD: z.string().min(8).default('aura-super-admin'),
      AURA_SUPER_ADMIN_EMAIL: z.string().email().default('superadmin@aura.local'),
      /**
       * The AES-256-GCM key of the TOTP secrets at rest (two-factor/totp-secret-cipher.ts): 32 random
       * bytes in base64. The default is deploy/aura.env's development key, refused in production.
       */
      AURA_TOTP_ENCRYPTION_KEY: aes256Key().default(DEVELOPMENT_TOTP_KEY),
      /** After a rotation, the key before: it only opens what it sealed, which is sealed again with the new one. */
      AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: aes256Key()
        .optional()
        .or(z.literal('').transform(() => undefined)),
    },
    env,
    { requiredInProduction: ['AURA_SUPER_ADMIN_PASSWORD', 'SMTP_URL', 'AURA_TOTP_ENCRYPTION_KEY'] },
  );
  // Mailed links to a local address would reach no member: production names its public address.
  if (
    config.AURA_ENV === 'production' &&
    /^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(config.AURA_PUBLIC_URL)
  )
    throw new ConfigError(
      "Invalid configuration: set AURA_PUBLIC_URL to the web app's public address in production (the links in mail point there)",
    );
  return config;
}

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
