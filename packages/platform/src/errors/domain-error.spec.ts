import { status } from '@grpc/grpc-js';
import {
  Forbidden,
  httpStatusForGrpc,
  InvalidInput,
  NotFound,
  RuleViolation,
  Unauthenticated,
} from './domain-error';

describe('error mapping', () => {
  it.each([
    [new RuleViolation('Insufficient balance'), 400],
    [new InvalidInput('bad shape'), 422],
    [new Unauthenticated('no'), 401],
    [new Forbidden('no'), 403],
    [new NotFound('User not found'), 404],
  ])('%s answers HTTP %i', (error, http) => {
    expect(httpStatusForGrpc(error.grpcStatus)).toBe(http);
  });

  it('treats an unreachable service as 503 and unknown failures as 500', () => {
    expect(httpStatusForGrpc(status.UNAVAILABLE)).toBe(503);
    expect(httpStatusForGrpc(status.INTERNAL)).toBe(500);
    expect(httpStatusForGrpc(status.UNKNOWN)).toBe(500);
  });
});
