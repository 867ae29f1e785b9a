import { ConfigError } from '@aura/platform';
import { loadEconomyConfig } from './config';

const base = { AURA_INTERNAL_TLS_DIR: '/etc/aura/pki' };
const production = {
  ...base,
  AURA_ENV: 'production',
  S3_ACCESS_KEY: 'a-real-access-key',
  S3_SECRET_KEY: 'a-real-secret-key',
};

describe('economy configuration', () => {
  it('starts in production without Stripe (card payments answer that they are unavailable)', () => {
    expect(loadEconomyConfig({ ...production }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses a Stripe key without the endpoint’s own webhook secret, in any environment', () => {
    const refused = new ConfigError(
      "Invalid configuration: set STRIPE_WEBHOOK_SECRET to the endpoint's own signing secret when STRIPE_SECRET_KEY is set",
    );
    expect(() => loadEconomyConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(refused);
    expect(() =>
      loadEconomyConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_aura_local_webhook_secret',
      }),
    ).toThrow(refused);
    expect(() =>
      loadEconomyConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_mine' }),
    ).not.toThrow();
  });

  it('refuses a Stripe key without allowed origins in production', () => {
    expect(() =>
      loadEconomyConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(
      new ConfigError('Invalid configuration: set PAYMENTS_ALLOWED_ORIGINS when STRIPE_SECRET_KEY is set'),
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

  it('keeps the test checkout off unless enabled, and never enables it in production', () => {
    expect(loadEconomyConfig({ ...base }).AURA_TEST_CHECKOUT).toBe('disabled');
    expect(loadEconomyConfig({ ...base, AURA_TEST_CHECKOUT: 'enabled' }).AURA_TEST_CHECKOUT).toBe('enabled');
    expect(() => loadEconomyConfig({ ...production, AURA_TEST_CHECKOUT: 'enabled' })).toThrow(
      new ConfigError('Invalid configuration: AURA_TEST_CHECKOUT cannot be enabled in production'),
    );
  });
});
