// The environment of a bench stack: its own ports, databases (`aura_<service>_<dbSuffix>`) and Kafka
// consumer groups, so that it runs beside a development stack and the test stacks. Shared by
// run.mjs (the scenarios) and scale/run.mjs (the community at scale).
import { ensureSigningKey, stackEnv } from '../lib/env.mjs';

/** The environment of a bench stack whose databases end in `dbSuffix` (default "bench"). */
export function benchEnv({ runId, dbSuffix = 'bench' }) {
  const env = stackEnv({
    AURA_ENV: 'test',
    // AURA_BENCH_LOG_LEVEL=debug also logs every MongoDB command slower than 50 ms (finding scans).
    LOG_LEVEL: process.env.AURA_BENCH_LOG_LEVEL ?? 'warn',
    AURA_DB_SUFFIX: dbSuffix,
    KAFKA_GROUP_PREFIX: `aura-${dbSuffix.replaceAll('_', '-')}-${runId}`,
    KAFKA_NEW_GROUP_START: 'latest',
    IDENTITY_GRPC_URL: '127.0.0.1:22051',
    IDENTITY_HTTP_PORT: '18301',
    SOCIAL_GRPC_URL: '127.0.0.1:22052',
    SOCIAL_HTTP_PORT: '18302',
    MESSAGING_GRPC_URL: '127.0.0.1:22053',
    MESSAGING_HTTP_PORT: '18303',
    ECONOMY_GRPC_URL: '127.0.0.1:22054',
    ECONOMY_HTTP_PORT: '18304',
    GENIES_GRPC_URL: '127.0.0.1:22055',
    GENIES_HTTP_PORT: '18305',
    MEDIA_GRPC_URL: '127.0.0.1:22056',
    MEDIA_HTTP_PORT: '18306',
    ADMIN_GRPC_URL: '127.0.0.1:22057',
    ADMIN_HTTP_PORT: '18307',
    GATEWAY_PORT: '18380',
    AURA_BIND_HOST: '127.0.0.1',
    // Setup signs up many members per run, and a few members carry the load of many: the per-member
    // limits (counters in the shared Redis) would measure the limiter, not the system.
    AURA_RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    AURA_RATE_LIMIT_CONTENT_PER_MINUTE: '1000000',
    AURA_RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
    AURA_RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
    AURA_RATE_LIMIT_MONEY_PER_MINUTE: '1000000',
    AURA_RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
    // No telemetry export: it would be measured too (stackEnv drops empty values).
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
  });
  env.AURA_JWT_PRIVATE_KEY_FILE ??= ensureSigningKey(env);
  return env;
}

/** Every port a bench stack listens on (gRPC and health of each service, and the gateway). */
export function benchPorts(env) {
  return [
    ...['IDENTITY', 'SOCIAL', 'MESSAGING', 'ECONOMY', 'GENIES', 'MEDIA', 'ADMIN'].flatMap((service) => [
      portOf(env[`${service}_GRPC_URL`]),
      Number(env[`${service}_HTTP_PORT`]),
    ]),
    Number(env.GATEWAY_PORT),
  ];
}

/** The port of "host:port", "scheme://host:port/..." (first host), or `fallback`. */
export function portOf(address, fallback) {
  const match = /^(?:[a-z+]+:\/\/)?(?:[^@/]*@)?[^:/,]+:(\d+)/i.exec(address ?? '');
  return match ? Number(match[1]) : fallback;
}
