import { ConfigError, hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';
import { LOCAL_WEBHOOK_SECRET } from './topups/topups.service';

const optional = () =>
  z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined));

export function loadEconomyConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(
    {
      ECONOMY_GRPC_URL: hostPort().default('127.0.0.1:50054'),
      ECONOMY_HTTP_PORT: port(8104),
      /** Members the projection does not know yet are looked up in identity. */
      IDENTITY_GRPC_URL: hostPort().default('127.0.0.1:50051'),
      /**
       * Stripe (card top-ups, SuperAura). With STRIPE_SECRET_KEY set, Checkout Sessions are created
       * through the Stripe SDK at STRIPE_API_BASE (empty = api.stripe.com; stripe-mock locally).
       * Without it (local runs, CI) a built-in test checkout page stands in, never in production.
       */
      STRIPE_SECRET_KEY: optional(),
      STRIPE_API_BASE: optional(),
      /** The endpoint's signing secret (whsec_...): webhooks are verified with it. */
      STRIPE_WEBHOOK_SECRET: optional(),
      /** Comma-separated origins a checkout may return to (empty: any http://localhost:* / 127.0.0.1:*, not in production). */
      PAYMENTS_ALLOWED_ORIGINS: z.string().default(''),
      /**
       * The local test checkout (no Stripe: its Pay button credits AC without a card). Off unless asked
       * for — deploy/aura.env enables it for local runs and tests; refused in production.
       */
      AURA_TEST_CHECKOUT: z.enum(['enabled', 'disabled']).default('disabled'),
    },
    env,
  );
  if (config.AURA_ENV === 'production' && config.AURA_TEST_CHECKOUT === 'enabled')
    throw new ConfigError('Invalid configuration: AURA_TEST_CHECKOUT cannot be enabled in production');
  // With real card payments on, a missing (or the published local) webhook secret would let anyone
  // sign a "paid" event, and a missing origin list would only show as refused checkouts: refuse to start.
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET || config.STRIPE_WEBHOOK_SECRET === LOCAL_WEBHOOK_SECRET)
      throw new ConfigError(
        "Invalid configuration: set STRIPE_WEBHOOK_SECRET to the endpoint's own signing secret when STRIPE_SECRET_KEY is set",
      );
    if (config.AURA_ENV === 'production' && !config.PAYMENTS_ALLOWED_ORIGINS.trim())
      throw new ConfigError(
        'Invalid configuration: set PAYMENTS_ALLOWED_ORIGINS when STRIPE_SECRET_KEY is set',
      );
  }
  return config;
}

export type EconomyConfig = ReturnType<typeof loadEconomyConfig>;
