import { HttpStatus } from '@nestjs/common';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { ApiErrorFilter } from './api-error.filter';
import { applyRequestDeadlines, isRequestDeadlineError, REQUEST_DEADLINE_MS } from './request-deadline';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Fastify app whose routes take `workMs`; errors answered by the gateway's filter, as in Nest. */
async function appWith(defaultMs: number) {
  const fastify = Fastify();
  applyRequestDeadlines(fastify, defaultMs);
  const logged: unknown[] = [];
  const filter = new ApiErrorFilter({ error: (entry: unknown) => logged.push(entry) } as unknown as Logger);
  fastify.setErrorHandler((error, request, reply) =>
    filter.catch(error, {
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
    } as never),
  );
  fastify.get('/slow', async () => {
    await sleep(300);
    return { done: true };
  });
  fastify.get('/quick', async () => ({ done: true }));
  // What RequestDeadline(…) puts in the route's config.
  fastify.get('/long', { config: { requestDeadlineMs: 1000 } }, async () => {
    await sleep(300);
    return { done: true };
  });
  await fastify.ready();
  return { fastify, logged };
}

describe('request deadlines', () => {
  it('answers 503 with Retry-After once a route takes longer than the deadline, and logs it', async () => {
    const { fastify, logged } = await appWith(100);
    const started = Date.now();
    const response = await fastify.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ detail: 'Service temporarily unavailable. Please try again shortly.' });
    expect(Date.now() - started).toBeLessThan(300);
    expect(logged).toHaveLength(1);
    await sleep(300); // the handler finishing after the answer changes nothing
    await fastify.close();
  });

  it('leaves a route that answers in time alone', async () => {
    const { fastify } = await appWith(100);
    const response = await fastify.inject({ method: 'GET', url: '/quick' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ done: true });
    await fastify.close();
  });

  it('gives a route marked with a longer deadline its own', async () => {
    const { fastify } = await appWith(100);
    const response = await fastify.inject({ method: 'GET', url: '/long' });
    expect(response.statusCode).toBe(200);
    await fastify.close();
  });

  it('is shorter than the 20 s a client waits and longer than one call to a service (10 s)', () => {
    expect(REQUEST_DEADLINE_MS).toBeLessThan(20_000);
    expect(REQUEST_DEADLINE_MS).toBeGreaterThan(10_000);
    expect(isRequestDeadlineError({ code: 'FST_ERR_HANDLER_TIMEOUT' })).toBe(true);
    expect(isRequestDeadlineError(new Error('other'))).toBe(false);
  });
});
