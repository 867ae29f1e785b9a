// The gateway: built and started by startGateway (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import {
  closeRedis,
  configureInternalCalls,
  createRedis,
  HealthServer,
  internalCallsConfig,
  NestPinoLogger,
  RunningService,
  setHttpRoute,
} from '@aura/platform';
import { telemetryServiceName } from '@aura/platform/telemetry';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { refuseInvalidIdempotencyKeys } from './common/idempotency-key';
import { applyRequestDeadlines } from './common/request-deadline';
import { apiValidationPipe } from './common/validation';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from './common/tokens';
import { loadGatewayConfig } from './config';
import { API_PREFIX, API_PREFIX_OPTIONS } from './media/global-prefix';
import { AttachmentUrlSigner, useAttachmentUrlSigner } from './messaging/attachment-urls';
import { MULTIPART_LIMITS } from './media/uploads';
import { buildOpenApiDocument } from './openapi/openapi';
import { RealtimeAdapter } from './realtime/realtime.adapter';
import { registerSecurityHeaders, webCacheControl } from './security/security-headers';

function trustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value;
}

/**
 * The socket.io Redis adapter's clients, made to live through a Redis outage (the gateway then answers
 * 503 and stays up, issue 18): the adapter neither catches its publishes nor its subscriptions, and an
 * unhandled rejection ends the process. Its subscriptions wait for Redis instead of failing; a publish
 * that fails (an emit during the outage) is logged and dropped — clients read what they missed when
 * they reconnect.
 */
function adapterClients(url: string, logger: Logger): { pub: Redis; sub: Redis } {
  const pub = createRedis(url, 'aura-gateway-socket-pub');
  const sub = pub.duplicate({ connectionName: 'aura-gateway-socket-sub', maxRetriesPerRequest: null });
  const publish = pub.publish.bind(pub) as (channel: string, message: string) => Promise<number>;
  (pub as unknown as { publish: typeof publish }).publish = (channel, message) => {
    const sent = publish(channel, message);
    sent.catch((error: unknown) => logger.warn({ err: error }, 'socket.io adapter: a publish was dropped'));
    return sent;
  };
  return { pub, sub };
}

/** Builds and starts the gateway in this process (its main.ts, or the one-process server). */
export async function startGateway(): Promise<RunningService> {
  const config = loadGatewayConfig();
  // Before any gRPC client exists: the gateway's certificate, and the key of its caller tokens.
  configureInternalCalls(internalCallsConfig('gateway', config));
  useAttachmentUrlSigner(
    new AttachmentUrlSigner(config.AURA_MEDIA_SIGNING_SECRET, config.AURA_MEDIA_SIGNED_URL_TTL_SECONDS),
  );
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register(config),
    // maxParamLength: a path parameter longer than Fastify's default 100 characters would be answered
    // 414 by the router, outside the API's documented answers; it now reaches the route, whose id
    // check answers 404 or 422 like any other unknown id.
    new FastifyAdapter({
      trustProxy: trustProxy(config.AURA_TRUST_PROXY),
      bodyLimit: 1024 * 1024,
      routerOptions: { maxParamLength: 4096 },
    }),
    // rawBody: req.rawBody keeps the exact bytes of a JSON body (the Stripe webhook's signature is
    // checked on them, payments/webhook).
    { bufferLogs: true, rawBody: true },
  );
  const logger = app.get<Logger>(GATEWAY_LOGGER);
  const fastify = app.getHttpAdapter().getInstance();
  // Requests are measured by route template (http.route = /api/posts/:id), never by raw path.
  fastify.addHook('onRequest', (request, _reply, done) => {
    setHttpRoute(request.routeOptions.url);
    done();
  });
  // Before Nest registers the routes (in listen): each gets its deadline.
  applyRequestDeadlines(fastify);
  refuseInvalidIdempotencyKeys(fastify);
  // CSP, frame restriction, Referrer-Policy, nosniff and (over https / in production) HSTS.
  registerSecurityHeaders(fastify, { production: config.AURA_ENV === 'production' });
  app.useLogger(new NestPinoLogger(logger));
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  app.useGlobalPipes(apiValidationPipe);
  await app.register(fastifyCookie);
  // Uploads are streamed to media as they arrive (never buffered); one file per request.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  const webDist = config.AURA_WEB_DIST ?? join(__dirname, '..', '..', 'web', 'dist');
  if (existsSync(join(webDist, 'index.html'))) {
    app.useStaticAssets({
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      decorateReply: false,
      // `npm run build -w web` writes .br and .gz beside every asset: sent as the browser accepts.
      preCompressed: true,
      // Hashed assets are immutable for a year; index.html is revalidated on every load.
      cacheControl: false,
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, path: string) =>
        void reply.header('cache-control', webCacheControl(path)),
      // (@fastify/static 10 passes the FastifyReply; Nest's types still say a raw response.)
    } as unknown as Parameters<typeof app.useStaticAssets>[0]);
  } else {
    logger.warn({ webDist }, 'web app not built: `/` serves nothing (run npm run build)');
  }

  // The internal port (GATEWAY_HTTP_PORT, never behind the public ingress): /metrics for Prometheus,
  // /health/live, and /health/ready for the orchestrator. Ready depends only on what the gateway itself
  // needs (Redis: sessions, rate limits, sockets); a service being down fails its own calls with 503
  // and leaves the rest of the site up.
  const redis = app.get<Redis>(GATEWAY_REDIS);
  // Its /metrics shows the gateway's points and the process's own (those no part recorded).
  const metricsOf = [...new Set(['gateway', telemetryServiceName() ?? 'gateway'])];
  const health = new HealthServer({ services: metricsOf }).addCheck('redis', async () => {
    await redis.ping();
  });
  await health.listen(config.GATEWAY_HTTP_PORT, config.AURA_BIND_HOST);

  const { pub, sub } = adapterClients(config.REDIS_URL, logger);
  app.useWebSocketAdapter(new RealtimeAdapter(app, pub, sub));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => {
      health.markShuttingDown();
      await Promise.allSettled([closeRedis(pub), closeRedis(sub), closeRedis(redis), health.close()]);
    });

  await app.listen(config.GATEWAY_PORT, config.AURA_BIND_HOST);
  logger.info(
    { port: config.GATEWAY_PORT, internalPort: config.GATEWAY_HTTP_PORT },
    `gateway listening on http://localhost:${config.GATEWAY_PORT}`,
  );
  return {
    name: 'gateway',
    stop: async () => {
      logger.info('shutting down');
      await app.close();
    },
  };
}
