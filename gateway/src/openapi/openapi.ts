import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** The OpenAPI document of /api, generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Aura API')
    .setDescription(
      'REST API of Aura, served by the gateway under /api. Errors are JSON {"detail": "..."}: 400 a rule is broken, ' +
        '401 bad credentials or token, 403 not allowed, 404 missing, 409 conflict, 422 malformed input, ' +
        '429 rate limited, 503 a service is unavailable.',
    )
    .setVersion('0.1.0')
    .addBearerAuth()
    .addCookieAuth('aura_refresh')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) =>
      `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  return withSharedErrors(document);
}

const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } };

/**
 * The answers every route can give besides its own (issue 18: the schema fuzzing found them
 * undocumented): 503 when a service it calls, or Redis (sessions, rate limits), is unavailable; 401 on
 * every signed-in route (no token, an invalid or expired one, a session that ended); 422 wherever
 * there is input to be malformed. A route's own description of one of them is kept.
 */
export function withSharedErrors(document: OpenAPIObject): OpenAPIObject {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
  for (const item of Object.values(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const responses = operation.responses;
      const add = (status: string, description: string) => {
        responses[status] ??= { description, content: ERROR_BODY };
      };
      add('503', 'A service the route needs, or Redis, is unavailable: try again after Retry-After');
      const signedIn = (operation.security ?? []).some((scheme) => 'bearer' in scheme);
      if (signedIn)
        add('401', 'Not authenticated: no token, an invalid or expired one, or a session that has ended');
      const input =
        operation.requestBody !== undefined ||
        (operation.parameters ?? []).some((p) => 'in' in p && p.in === 'query');
      if (input) add('422', 'Malformed input (a field or parameter of the wrong type or shape)');
    }
  }
  return document;
}
