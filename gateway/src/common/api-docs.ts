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

const IDEMPOTENCY_HEADER = {
  name: 'idempotency-key',
  required: false,
  description:
    'Idempotency-Key (header names are case-insensitive): 1 to 255 printable ASCII characters (else 400). A retry with the same key answers the first result and moves money once; the same key with a different body is 409.',
};
const KEY_REUSED = 'The Idempotency-Key was used for another request';

/** A write that moves money: retried with the same Idempotency-Key, it moves money at most once. */
export const ApiIdempotent = () =>
  applyDecorators(
    ApiHeader(IDEMPOTENCY_HEADER),
    ApiResponse({ status: 409, type: ErrorResponse, description: KEY_REUSED }),
  );

/** The daily limit's refusal (400), for the rules list of a route that spends (docs/spending.md). */
export const DAILY_LIMIT_RULE =
  '(code daily_limit_reached) "This would go over your daily spending limit of 50 AC: 12.5 AC left today." or ' +
  '"You have reached your daily spending limit of 50 AC. It starts again at midnight UTC."';

/**
 * A tip, transfer or purchase (docs/spending.md): idempotent like any write that moves money, and kept
 * within the member's spending settings — 409 with a code when the pause asks first.
 */
export const ApiSpends = (verb: 'send' | 'spend') =>
  applyDecorators(
    ApiHeader(IDEMPOTENCY_HEADER),
    ApiResponse({
      status: 409,
      type: ErrorResponse,
      description:
        `code pause_required: "Take a breath — still want to ${verb} 25 AC?" (the last two check-ins were low and ` +
        'the amount is above the member’s pause threshold: send again with confirm_pause true); code cooling_off: ' +
        '"You chose to wait: spending over 10 AC is paused until 14:32 UTC (7 more minutes)." (even confirmed); ' +
        `without a code: ${KEY_REUSED}`,
    }),
  );
