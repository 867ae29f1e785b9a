import { ConfigError } from '@aura/platform';
import { loadEconomyConfig } from './config';

const production = {
  AURA_ENV: 'production',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
};

describe('economy configuration', () => {
  it('starts in production without Stripe (card payments answer that they are unavailable)', () => {
    expect(loadEconomyConfig({ ...production }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses to start in production with a Stripe key but no webhook secret or allowed origins', () => {
    expect(() => loadEconomyConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      new ConfigError(
        'Invalid configuration: set STRIPE_WEBHOOK_SECRET, PAYMENTS_ALLOWED_ORIGINS when STRIPE_SECRET_KEY is set',
      ),
    );
    expect(() =>
      loadEconomyConfig({
        ...production,
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PAYMENTS_ALLOWED_ORIGINS: 'https://aura.example.com',
      }),
    ).not.toThrow();
  });

  it('needs neither outside production', () => {
    expect(() => loadEconomyConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).not.toThrow();
  });
});
