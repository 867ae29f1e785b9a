import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@aura/platform';
import type { AuthenticatedCaller } from './access-token-verifier';

export const PUBLIC_KEY = 'aura:public';
export const ROLES_KEY = 'aura:roles';

/** The endpoint needs no token. Every other endpoint does (the guard is global). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only these roles may call the endpoint (403 otherwise). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The verified caller of an authenticated endpoint. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedCaller =>
    context.switchToHttp().getRequest<{ caller: AuthenticatedCaller }>().caller,
);
