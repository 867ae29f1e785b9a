import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Role } from '@aura/platform';
import type { AuthenticatedCaller } from './access-token-verifier';

export const PUBLIC_KEY = 'aura:public';
export const ROLES_KEY = 'aura:roles';
export const UNRESTRICTED_KEY = 'aura:unrestricted';

/** The endpoint needs no token. Every other endpoint does (the guard is global). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only these roles may call the endpoint (403 otherwise). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Something a suspended member may not do (post, comment, message, tip, transfer, send a genie,
 * withdraw): the guard reads the member's restriction from identity and answers 403 with it.
 */
export const RefusedWhileSuspended = () =>
  applyDecorators(
    SetMetadata(UNRESTRICTED_KEY, true),
    ApiForbiddenResponse({ description: '"Your account is suspended until … Reason: …"' }),
  );

/** The verified caller of an authenticated endpoint. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedCaller =>
    context.switchToHttp().getRequest<{ caller: AuthenticatedCaller }>().caller,
);
