import Fastify from 'fastify';
import { APP_CSP, DOCS_CSP, NONE_CSP, registerSecurityHeaders, webCacheControl } from './security-headers';

async function app(production = false) {
  const fastify = Fastify({ trustProxy: 'loopback' });
  registerSecurityHeaders(fastify, { production });
  fastify.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
  fastify.get('/api/x', async () => ({ ok: true }));
  fastify.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<p>docs</p>'));
  fastify.get('/own', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").type('text/html').send('x'),
  );
  await fastify.ready();
  return fastify;
}

describe('security headers', () => {
  it('the app page gets the strict policy; JSON a policy that allows nothing; docs their own', async () => {
    const fastify = await app();
    const page = await fastify.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toBe(APP_CSP);
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toMatch(/unsafe-/);
    expect((await fastify.inject({ url: '/api/x' })).headers['content-security-policy']).toBe(NONE_CSP);
    expect((await fastify.inject({ url: '/api/docs' })).headers['content-security-policy']).toBe(DOCS_CSP);
    expect((await fastify.inject({ url: '/own' })).headers['content-security-policy']).toBe(
      "default-src 'none'",
    );
    for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy'])
      expect(page.headers[name]).toBeDefined();
    await fastify.close();
  });

  it('HSTS over https (a trusted proxy says so) or always in production, not on plain http', async () => {
    const test = await app();
    expect((await test.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const https = await test.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    await test.close();
    const production = await app(true);
    expect((await production.inject({ url: '/' })).headers['strict-transport-security']).toMatch(/max-age/);
    await production.close();
  });

  it('hashed assets are immutable, everything else is revalidated', () => {
    expect(webCacheControl('/srv/web/dist/assets/index-abc.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(webCacheControl('/srv/web/dist/index.html')).toBe('no-cache');
    expect(webCacheControl('/srv/web/dist/favicon.svg')).toBe('no-cache');
  });
});
