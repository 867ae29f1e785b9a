import './instrument';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import {
  createRedis,
  METRICS_CONTENT_TYPE,
  NestPinoLogger,
  renderMetrics,
  setHttpRoute,
} from '@aura/platform';
import { stopTelemetry } from '@aura/platform/telemetry';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { apiValidationPipe } from './common/validation';
import { GATEWAY_LOGGER } from './common/tokens';
import { loadGatewayConfig } from './config';
import { API_PREFIX, API_PREFIX_OPTIONS } from './media/global-prefix';
import { MULTIPART_LIMITS } from './media/uploads';
import { buildOpenApiDocument } from './openapi/openapi';
import { RealtimeAdapter } from './realtime/realtime.adapter';

function trustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value;
}

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register(config),
    new FastifyAdapter({ trustProxy: trustProxy(config.AURA_TRUST_PROXY), bodyLimit: 1024 * 1024 }),
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
  // Prometheus scrapes the gateway here, outside /api (no auth, no rate limit): like the services'
  // health ports, it is meant for the cluster network (a public ingress should not route it).
  fastify.get('/metrics', async (_request, reply) => {
    void reply.header('content-type', METRICS_CONTENT_TYPE);
    return renderMetrics();
  });
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
    app.useStaticAssets({ root: webDist, prefix: '/', index: ['index.html'], decorateReply: false });
  } else {
    logger.warn({ webDist }, 'web app not built: `/` serves nothing (run npm run build)');
  }

  const pub = createRedis(config.REDIS_URL, 'aura-gateway-socket-pub');
  const sub = pub.duplicate();
  app.useWebSocketAdapter(new RealtimeAdapter(app, pub, sub));
  app.enableShutdownHooks();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await stopTelemetry();
    });

  await app.listen(config.GATEWAY_PORT, config.AURA_BIND_HOST);
  logger.info({ port: config.GATEWAY_PORT }, `gateway listening on http://localhost:${config.GATEWAY_PORT}`);
}

main().catch((error) => {
  console.error(JSON.stringify({ level: 'fatal', service: 'gateway', msg: String(error?.message ?? error) }));
  process.exit(1);
});
