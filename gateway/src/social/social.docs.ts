import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '../auth/auth.dto';

/** A member route: bearer token required (401 without a valid one). */
export const ApiMember = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' }),
  );

export const ApiNotFound = (description: string) =>
  applyDecorators(ApiResponse({ status: 404, type: ErrorResponse, description }));

export const ApiMalformed = (description = 'A parameter or the body is malformed') =>
  applyDecorators(ApiResponse({ status: 422, type: ErrorResponse, description }));

export const ApiNotYours = (description: string) =>
  applyDecorators(ApiResponse({ status: 403, type: ErrorResponse, description }));

export const ApiBroken = (description: string) =>
  applyDecorators(ApiResponse({ status: 400, type: ErrorResponse, description }));

export const ApiPostId = () =>
  applyDecorators(ApiParam({ name: 'id', format: 'uuid', description: 'Post or story id' }));

export const ApiMemberId = () =>
  applyDecorators(ApiParam({ name: 'id', description: 'Member id (as in UserResponse.id)' }));
