import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig, parseHostPort, PUBLISHED_SECRET_VALUES, redisPassword } from './config';

// Every process must be given the internal PKI (mutual TLS between gateway and services).
const pki = { AURA_INTERNAL_TLS_DIR: '/etc/aura/pki' };
const production = {
  ...pki,
  AURA_ENV: 'production',
  S3_ACCESS_KEY: 'a-real-access-key',
  S3_SECRET_KEY: 'a-real-secret-key',
};

describe('loadConfig', () => {
  it('gives local defaults when nothing is set', () => {
    const config = loadConfig({}, { ...pki });
    expect(config.MONGODB_URI).toBe('mongodb://127.0.0.1:27017');
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.AURA_ENV).toBe('development');
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it('splits broker lists and reads service variables', () => {
    const config = loadConfig(
      { PORT_X: z.coerce.number() },
      { ...pki, KAFKA_BROKERS: 'a:1, b:2', PORT_X: '42' },
    );
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(config.PORT_X).toBe(42);
  });

  it('fails at start naming every invalid variable', () => {
    expect(() => loadConfig({}, { AURA_ENV: 'staging', REDIS_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({}, { AURA_ENV: 'staging', REDIS_URL: 'not a url' })).toThrow(
      /AURA_ENV.*REDIS_URL/,
    );
  });

  it('refuses to start without the internal PKI', () => {
    expect(() => loadConfig({}, {})).toThrow(/AURA_INTERNAL_TLS_DIR/);
  });

  it('refuses missing, published and short secrets in production', () => {
    expect(() => loadConfig({}, { ...pki, AURA_ENV: 'production' })).toThrow(/S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(() => loadConfig({}, { ...production }, { requiredInProduction: ['X'] })).toThrow(
      /set X in production/,
    );
    expect(() =>
      loadConfig({}, { ...production, S3_ACCESS_KEY: 'aura-local', S3_SECRET_KEY: 'aura-local-secret' }),
    ).toThrow(/S3_ACCESS_KEY, S3_SECRET_KEY are the published local default/);
    expect(() => loadConfig({}, { ...production, X: 'short' }, { requiredInProduction: ['X'] })).toThrow(
      /X is the published local default .* or shorter than 12 characters/,
    );
    expect(loadConfig({}, { ...production }).AURA_ENV).toBe('production');
  });

  it('refuses, in production, a Redis without a password of its own for the apps that use it', () => {
    const redis = { usesRedis: true };
    expect(() => loadConfig({}, { ...production }, redis)).toThrow(/set REDIS_URL in production/);
    expect(() => loadConfig({}, { ...production, REDIS_URL: 'redis://user@redis:6379' }, redis)).toThrow(
      /REDIS_URL carries no password/,
    );
    expect(() =>
      loadConfig({}, { ...production, REDIS_URL: 'redis://:aura-local-redis@redis:6379' }, redis),
    ).toThrow(/REDIS_URL \(its password\) is the published local default/);
    expect(() => loadConfig({}, { ...production, REDIS_URL: 'redis://:short@redis:6379' }, redis)).toThrow(
      /shorter than 12 characters/,
    );
    const url = 'rediss://default:a%2Freal%40password@redis:6380';
    expect(loadConfig({}, { ...production, REDIS_URL: url }, redis).REDIS_URL).toBe(url);
    expect(redisPassword(url)).toBe('a/real@password');
    // An app without Redis (economy, identity, ...) is not asked for it.
    expect(loadConfig({}, { ...production }).AURA_ENV).toBe('production');
    // Outside production the local default (deploy/aura.env's) is fine.
    expect(loadConfig({}, { ...pki }, redis).REDIS_URL).toBe('redis://:aura-local-redis@127.0.0.1:6379');
  });

  it('knows every secret value deploy/aura.env publishes', () => {
    const env = readFileSync(join(__dirname, '../../../../deploy/aura.env'), 'utf8');
    for (const name of [
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'AURA_SUPER_ADMIN_PASSWORD',
      'AURA_MEDIA_SIGNING_SECRET',
      'STRIPE_WEBHOOK_SECRET',
      'REDIS_PASSWORD',
      'AURA_TOTP_ENCRYPTION_KEY',
    ]) {
      const value = new RegExp(`^${name}=(.*)$`, 'm').exec(env)?.[1];
      expect({ name, known: PUBLISHED_SECRET_VALUES.includes(value ?? '') }).toEqual({ name, known: true });
    }
    const redisUrl = /^REDIS_URL=(.*)$/m.exec(env)?.[1] ?? '';
    expect(redisPassword(redisUrl)).toBe(/^REDIS_PASSWORD=(.*)$/m.exec(env)?.[1]);
  });

  it('parses host:port', () => {
    expect(parseHostPort('127.0.0.1:50051')).toEqual({ host: '127.0.0.1', port: 50051 });
    expect(() => parseHostPort('nope')).toThrow(ConfigError);
  });
});
