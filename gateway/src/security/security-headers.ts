import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Browser protections on every answer of the gateway (issue 18, review F8).
 *
 * The web app (HTML) gets a strict Content-Security-Policy: scripts only from the app's own origin
 * (Vite emits no inline script, so none is allowed and none needs a hash), styles only from files
 * (React sets inline styles through the CSSOM, which style-src does not govern), images and media
 * from the origin plus data:/blob: (banner data URLs, upload previews), the YouTube no-cookie player
 * as the only frame, and no framing of Aura itself. JSON and files get a policy that allows nothing:
 * a response opened directly can never run anything. Pages that set their own policy (the genie
 * artwork, the local test checkout) keep it.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Swagger UI (/api/docs): its own scripts and inline styles, nothing from elsewhere. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything that is not a page (JSON, media files, errors). */
export const NONE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** One year, subdomains included (set on https answers; in production always). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** AURA_ENV=production: HSTS on every answer (the public side is https there, by the ingress). */
  production: boolean;
}

function policyFor(request: FastifyRequest, reply: FastifyReply): string {
  const path = request.url.split('?')[0];
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return DOCS_CSP;
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('text/html') ? APP_CSP : NONE_CSP;
}

export function registerSecurityHeaders(fastify: FastifyInstance, options: SecurityHeadersOptions): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy'))
      void reply.header('content-security-policy', policyFor(request, reply));
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    // The origin only, and only to https sites (the YouTube player needs to know who embeds it).
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    void reply.header('cross-origin-opener-policy', 'same-origin');
    // request.protocol reads X-Forwarded-Proto only from the proxies AURA_TRUST_PROXY trusts.
    if (options.production || request.protocol === 'https')
      void reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

/** `public, max-age=31536000, immutable` for Vite's hashed files; index.html is revalidated. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control of a file of the built web app (`path` as @fastify/static resolved it). */
export function webCacheControl(path: string): string {
  const normalized = path.replace(/\\/g, '/');
  return /\/assets\/[^/]+$/.test(normalized) ? IMMUTABLE_ASSET : REVALIDATE;
}
