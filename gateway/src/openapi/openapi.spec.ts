import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module';
import { loadGatewayConfig } from '../config';
import { API_PREFIX, API_PREFIX_OPTIONS } from '../media/global-prefix';
import { renderAuthorizationTable } from './authorization-table';
import { buildOpenApiDocument } from './openapi';

describe('the committed OpenAPI document', () => {
  it('matches what the controllers generate (run `npm run openapi` after changing the API)', async () => {
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register(loadGatewayConfig({ AURA_INTERNAL_TLS_DIR: '/pki' })),
      new FastifyAdapter(),
      { preview: true, logger: false },
    );
    app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
    const generated = JSON.parse(JSON.stringify(buildOpenApiDocument(app)));
    await app.close();
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
    expect(generated).toEqual(committed);
  });

  it('documents the auth calls and the error shape', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/auth/logout',
    ]) {
      expect(committed.paths).toHaveProperty([path]);
    }
    expect(committed.components.schemas.ErrorResponse.properties).toHaveProperty('detail');
  });
});

describe('the authorization table (docs/authorization.md)', () => {
  const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));

  it('is written from the committed OpenAPI document (run `npm run openapi`)', () => {
    const table = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'authorization.md'), 'utf8');
    expect(table).toBe(renderAuthorizationTable(committed));
  });

  it('lists every route, and a route asks for a token exactly when the guard does', () => {
    const table = renderAuthorizationTable(committed);
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(committed.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(table).toContain(`| ${method.toUpperCase()} | \`${path}\` |`);
        const bearer = ((operation.security ?? []) as object[]).some((scheme) => 'bearer' in scheme);
        expect({ route: `${method} ${path}`, bearer }).toEqual({
          route: `${method} ${path}`,
          bearer: operation['x-aura-public'] !== true,
        });
      }
    }
  });

  it('names the roles and the suspension rule the guard enforces', () => {
    const table = renderAuthorizationTable(committed);
    expect(table).toContain('| PUT | `/api/admin/users/{id}` | super admin |');
    expect(table).toContain('| POST | `/api/auth/login` | anyone |');
    expect(table).toMatch(/\| POST \| `\/api\/posts` \| member, not while suspended \|/);
  });
});

describe('the web app typed client', () => {
  it('is generated from the committed OpenAPI document (run `npm run openapi`)', () => {
    const root = join(__dirname, '..', '..', '..');
    const target = join(tmpdir(), `aura-schema-${process.pid}.d.ts`);
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        join(root, 'gateway/openapi.json'),
        '-o',
        target,
      ],
      { stdio: 'pipe' },
    );
    expect(readFileSync(target, 'utf8')).toBe(readFileSync(join(root, 'web/src/api/schema.d.ts'), 'utf8'));
  });
});
