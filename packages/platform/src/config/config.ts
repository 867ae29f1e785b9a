import { z } from 'zod';

/**
 * Variables every service reads. Names and local defaults are those of deploy/aura.env; the defaults
 * let a service start on a developer machine with deploy/local running, nothing else set.
 */
export const baseConfigSchema = z.object({
  AURA_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Address that servers listen on: loopback locally, 0.0.0.0 in containers. */
  AURA_BIND_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGODB_URI: z.string().url().default('mongodb://127.0.0.1:27017'),
  /** Appended to every database name, so test runs never touch development data. */
  AURA_DB_SUFFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .default(''),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    ),
  /** Prefix of consumer group ids, so parallel stacks on one broker do not share offsets. */
  KAFKA_GROUP_PREFIX: z.string().default('aura'),
  /**
   * Where a consumer group that has no committed offsets starts. `earliest` (production) builds read
   * models from the whole history; `latest` suits short-lived stacks (tests, benchmarks) whose groups
   * are new on every run and must not replay every earlier run's events.
   */
  KAFKA_NEW_GROUP_START: z.enum(['earliest', 'latest']).default('earliest'),
  REDIS_URL: z.string().url().default('redis://:aura-local-redis@127.0.0.1:6379'),
  S3_ENDPOINT: z.string().url().default('http://127.0.0.1:9000'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY: z.string().min(1).default('aura-local'),
  S3_SECRET_KEY: z.string().min(1).default('aura-local-secret'),
  S3_BUCKET_MEDIA: z.string().min(3).default('aura-media'),
  /**
   * Internal calls (docs/security.md): the directory of the internal CA's certificate, the gateway's
   * (its key signs caller tokens) and this service's own with its key (the local scripts make them once
   * under the cache, deploy/local/pki.mjs; the chart mounts a Secret). Required: a service never
   * answers calls without mutual TLS.
   */
  AURA_INTERNAL_TLS_DIR: z
    .string({ required_error: 'required (deploy/local/pki.mjs makes the local one)' })
    .min(1),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/**
 * Reads and validates configuration from the environment at start. A service fails fast with one
 * message naming every invalid variable rather than failing later on first use.
 */
export function loadConfig<S extends z.ZodRawShape>(
  extension: S,
  env: NodeJS.ProcessEnv = process.env,
  options: { requiredInProduction?: string[]; usesRedis?: boolean } = {},
): z.infer<ReturnType<typeof baseConfigSchema.extend<S>>> {
  const schema = baseConfigSchema.extend(extension);
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  // Local defaults of secrets must never be used in production by accident, nor the published ones.
  if (result.data.AURA_ENV === 'production') {
    const names = [...SECRETS_REQUIRED_IN_PRODUCTION, ...(options.requiredInProduction ?? [])];
    const missing = [...names, ...(options.usesRedis ? ['REDIS_URL'] : [])].filter((name) => !env[name]);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: set ${missing.join(', ')} in production`);
    const published = names.filter((name) => isPublishedSecret(env[name] ?? ''));
    if (options.usesRedis) {
      const password = redisPassword(String(result.data.REDIS_URL));
      if (password === undefined)
        throw new ConfigError(
          'Invalid configuration: REDIS_URL carries no password in production (redis://:<password>@host:6379, ' +
            'or rediss:// for TLS): a Redis that anyone on its network can write to must not hold sessions and rate limits',
        );
      if (isPublishedSecret(password)) published.push('REDIS_URL (its password)');
    }
    if (published.length > 0)
      throw new ConfigError(
        `Invalid configuration: ${published.join(', ')} ${published.length === 1 ? 'is' : 'are'} the published ` +
          'local default (deploy/aura.env, docker-compose.yml) or shorter than 12 characters: set a secret of your own',
      );
  }
  return result.data;
}

const SECRETS_REQUIRED_IN_PRODUCTION = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'];

/**
 * The secrets' values this repository publishes for local runs (deploy/aura.env, docker-compose.yml;
 * a unit test keeps this list and aura.env in step). In production they are refused like a missing one.
 */
export const PUBLISHED_SECRET_VALUES: readonly string[] = [
  'aura-local',
  'aura-local-secret',
  'aura-super-admin',
  'aura-local-media-signing-secret',
  'whsec_aura_local_webhook_secret',
  'aura-local-redis',
  // identity's AURA_TOTP_ENCRYPTION_KEY (development only)
  'xj5zrhwUZfCj8aBNIJCCh94lrJDsZucKyTUjH49SsV8=',
];

/** A value of a secret that anyone reading this repository knows (or a guessable short one). */
export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRET_VALUES.includes(value) || value.length < 12;
}

/** The password of a redis:// or rediss:// URL (`redis://:pw@host`, `redis://user:pw@host`), if any. */
export function redisPassword(url: string): string | undefined {
  const password = new URL(url).password;
  return password ? decodeURIComponent(password) : undefined;
}

/** "host:port" → { host, port }, for gRPC and HTTP listeners. */
export function parseHostPort(value: string): { host: string; port: number } {
  const match = /^(.*):(\d+)$/.exec(value);
  if (!match) throw new ConfigError(`Expected host:port, got "${value}"`);
  return { host: match[1] || '0.0.0.0', port: Number(match[2]) };
}

export const hostPort = () =>
  z.string().refine((value) => /^(.*):(\d+)$/.test(value), { message: 'expected host:port' });
export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
