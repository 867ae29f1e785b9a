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
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) =>
      `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}
