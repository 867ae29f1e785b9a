import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/**
 * How long the gateway works on a request before it answers 503 with Retry-After itself (Fastify's
 * `handlerTimeout`; the error filter turns its error into the API's 503). Every call to a service has a
 * deadline of its own (10 s unless its client says otherwise), but a request can make several in turn
 * (the token's keys, the member's access, the call itself) and wait on Redis besides: without a
 * deadline at the edge, such a request could wait past what a client waits (docs/reliability.md: no
 * request waits past 20 s). 15 s leaves a single call's own 503 to come first, as Envoy's default
 * route timeout does.
 */
export const REQUEST_DEADLINE_MS = 15_000;

/** A service call that may take this long (it reaches Stripe, or moves money through another service). */
export const SLOW_CALL_DEADLINE_MS = 30_000;

/** Room for the gateway's own work around a call with a long deadline of its own. */
const MARGIN_MS = 5_000;

const CONFIG_KEY = 'requestDeadlineMs';

/**
 * A route that may take longer than REQUEST_DEADLINE_MS: an upload or a download (the deadline covers
 * the whole transfer; a download's stream would be cut), or a call with a long deadline of its own.
 * `callDeadlineMs` is the deadline of the slowest call it makes; the route gets a margin on top.
 */
export const RequestDeadline = (callDeadlineMs: number): MethodDecorator =>
  RouteConfig({ [CONFIG_KEY]: callDeadlineMs + MARGIN_MS });

/**
 * Gives every route the default deadline, or the one its RequestDeadline decorator sets. Called
 * before the routes are registered (Nest registers them when the app initializes).
 */
export function applyRequestDeadlines(fastify: FastifyInstance, defaultMs = REQUEST_DEADLINE_MS): void {
  fastify.addHook('onRoute', (route) => {
    const configured = (route.config as Record<string, unknown> | undefined)?.[CONFIG_KEY];
    route.handlerTimeout = typeof configured === 'number' ? configured : defaultMs;
  });
}

/** The error Fastify sends when a route's deadline passed before it answered. */
export function isRequestDeadlineError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_ERR_HANDLER_TIMEOUT';
}
