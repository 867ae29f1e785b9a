// Writes gateway/openapi.json and docs/authorization.md from the controllers without starting any connection (preview mode).
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module';
import { loadGatewayConfig } from '../config';
import { API_PREFIX, API_PREFIX_OPTIONS } from '../media/global-prefix';
import { renderAuthorizationTable } from './authorization-table';
import { buildOpenApiDocument } from './openapi';

async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(
    // Preview mode opens no connection: the internal PKI is only named, never read.
    AppModule.register(loadGatewayConfig({ AURA_INTERNAL_TLS_DIR: '/unused' })),
    new FastifyAdapter(),
    { preview: true, logger: false },
  );
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  const document = buildOpenApiDocument(app);
  const target = process.argv[2] ?? join(__dirname, '..', '..', 'openapi.json');
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  const table = process.argv[3] ?? join(__dirname, '..', '..', '..', 'docs', 'authorization.md');
  writeFileSync(table, renderAuthorizationTable(document));
  await app.close();
}

void main();
