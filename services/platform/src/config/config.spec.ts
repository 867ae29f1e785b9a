import { z } from 'zod';
import { ConfigError, loadConfig, parseHostPort } from './config';

describe('loadConfig', () => {
  it('gives local defaults when nothing is set', () => {
    const config = loadConfig({}, {});
    expect(config.MONGODB_URI).toBe('mongodb://127.0.0.1:27017');
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.AURA_ENV).toBe('development');
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it('splits broker lists and reads service variables', () => {
    const config = loadConfig({ PORT_X: z.coerce.number() }, { KAFKA_BROKERS: 'a:1, b:2', PORT_X: '42' });
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(config.PORT_X).toBe(42);
  });

  it('fails at start naming every invalid variable', () => {
    expect(() => loadConfig({}, { AURA_ENV: 'staging', REDIS_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({}, { AURA_ENV: 'staging', REDIS_URL: 'not a url' })).toThrow(
      /AURA_ENV.*REDIS_URL/,
    );
  });

  it('refuses the local secret defaults in production', () => {
    expect(() => loadConfig({}, { AURA_ENV: 'production' })).toThrow(/S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(() =>
      loadConfig(
        {},
        { AURA_ENV: 'production', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' },
        { requiredInProduction: ['X'] },
      ),
    ).toThrow(/set X in production/);
    expect(loadConfig({}, { AURA_ENV: 'production', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' }).AURA_ENV).toBe(
      'production',
    );
  });

  it('parses host:port', () => {
    expect(parseHostPort('127.0.0.1:50051')).toEqual({ host: '127.0.0.1', port: 50051 });
    expect(() => parseHostPort('nope')).toThrow(ConfigError);
  });
});
