import { errorCodeOf, httpStatusForGrpc, isServiceError } from '@aura/platform';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { isRequestDeadlineError } from './request-deadline';
import { GATEWAY_LOGGER } from './tokens';

const GENERIC_500 = 'Internal server error';
const SERVICE_DOWN = 'Service temporarily unavailable. Please try again shortly.';

/**
 * Every error leaves the gateway as `{ "detail": "..." }` with the status rules of ARCHITECTURE.md §3:
 * gRPC statuses from services are mapped (with the service's `code`, when it gave one, beside
 * `detail`); a service that cannot be reached is 503; a 500 never carries internals. Malformed JSON bodies are 422 like other malformed input.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  constructor(@Inject(GATEWAY_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, detail, headers, code } = this.describe(exception, request);
    if (status >= 500) this.logger.error({ err: exception, url: request.url, status }, 'request failed');
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    void reply.status(status).send(code ? { detail, code } : { detail });
  }

  private describe(
    exception: unknown,
    request: FastifyRequest,
  ): { status: number; detail: string; headers: Record<string, string>; code?: string } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      // Our own errors always carry `detail`. A 400 without one is Nest's answer to a body Fastify
      // could not parse (it maps parser errors to BadRequestException): malformed input, so 422.
      if (status === 400 && (typeof body !== 'object' || !('detail' in body))) {
        return {
          status: HttpStatus.UNPROCESSABLE_ENTITY,
          detail: 'Request body is not valid JSON',
          headers: {},
        };
      }
      const detail =
        typeof body === 'string'
          ? body
          : typeof (body as { detail?: unknown }).detail === 'string'
            ? (body as { detail: string }).detail
            : status === 404
              ? 'Not Found'
              : exception.message;
      const headers = (exception as HttpException & { headers?: Record<string, string> }).headers ?? {};
      return { status, detail: status === 500 ? GENERIC_500 : detail, headers };
    }
    if (isServiceError(exception)) {
      const status = httpStatusForGrpc(exception.code);
      if (status === 503) return { status, detail: SERVICE_DOWN, headers: { 'retry-after': '2' } };
      if (status >= 500) return { status, detail: GENERIC_500, headers: {} };
      // A refusal a client acts on carries a stable code (e.g. pause_required, docs/spending.md).
      const code = errorCodeOf(exception);
      return { status, detail: exception.details, headers: {}, ...(code ? { code } : {}) };
    }
    // The route's deadline passed (request-deadline.ts): the client may send it again shortly.
    if (isRequestDeadlineError(exception))
      return { status: 503, detail: SERVICE_DOWN, headers: { 'retry-after': '2' } };
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
      // Fastify's own errors: unparsable JSON, wrong content type, body too large.
      const malformed = fastifyError.code?.startsWith('FST_ERR_CTP') || fastifyError.statusCode === 400;
      return {
        status:
          malformed && fastifyError.statusCode !== 413
            ? HttpStatus.UNPROCESSABLE_ENTITY
            : fastifyError.statusCode,
        detail: malformed ? 'Request body is not valid JSON' : (fastifyError.message ?? 'Bad request'),
        headers: {},
      };
    }
    void request;
    return { status: 500, detail: GENERIC_500, headers: {} };
  }
}
