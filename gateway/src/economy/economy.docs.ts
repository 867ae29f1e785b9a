import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '../auth/auth.dto';

/** A member route: bearer token required (401 without a valid one). */
export const ApiSignedIn = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' }),
  );

export const ApiRule = (description: string) =>
  applyDecorators(ApiResponse({ status: 400, type: ErrorResponse, description }));

export const ApiForbidden = (description: string) =>
  applyDecorators(ApiResponse({ status: 403, type: ErrorResponse, description }));

export const ApiMissing = (description = '"User not found"') =>
  applyDecorators(ApiResponse({ status: 404, type: ErrorResponse, description }));

export const ApiMalformedBody = (description = 'A field has the wrong type') =>
  applyDecorators(ApiResponse({ status: 422, type: ErrorResponse, description }));

/** A write that moves money: retried with the same Idempotency-Key, it moves money at most once. */
export const ApiIdempotent = () =>
  applyDecorators(
    ApiHeader({
      name: 'idempotency-key',
      required: false,
      description:
        'Idempotency-Key (header names are case-insensitive): 1 to 255 printable ASCII characters (else 400). A retry with the same key answers the first result and moves money once; the same key with a different body is 409.',
    }),
    ApiResponse({
      status: 409,
      type: ErrorResponse,
      description: 'The Idempotency-Key was used for another request',
    }),
  );
