import { HttpException, ServiceUnavailableException } from '@nestjs/common';

/** A 503 whose Retry-After (2 s) tells the client to try the same request again (api-error.filter sends it). */
export function tryAgainShortly(detail: string): HttpException {
  const error = new ServiceUnavailableException({ detail });
  (error as HttpException & { headers?: Record<string, string> }).headers = { 'retry-after': '2' };
  return error;
}
