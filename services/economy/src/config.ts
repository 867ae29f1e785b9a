import { ConfigError, hostPort, loadConfig, port } from '@aura/platform';
import { z } from 'zod';

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
    },
    env,
  );
  // With real card payments on, a missing webhook secret or origin list would only show as refused
  // webhooks and checkouts at runtime: refuse to start instead.
  if (config.AURA_ENV === 'production' && config.STRIPE_SECRET_KEY) {
    const missing = ['STRIPE_WEBHOOK_SECRET', 'PAYMENTS_ALLOWED_ORIGINS'].filter(
      (name) => !env[name]?.trim(),
    );
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: set ${missing.join(', ')} when STRIPE_SECRET_KEY is set`);
  }
  return config;
}

export type EconomyConfig = ReturnType<typeof loadEconomyConfig>;
