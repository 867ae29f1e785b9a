import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { Role } from '@aura/platform';
import type { AuthenticatedCaller } from './access-token-verifier';

export const PUBLIC_KEY = 'aura:public';
export const ROLES_KEY = 'aura:roles';
export const UNRESTRICTED_KEY = 'aura:unrestricted';
export const SIGNED_IN_KEY = 'aura:signed-in';

/*
 * Each access decorator also names itself in the OpenAPI document (x-aura-*), from which
 * docs/authorization.md is written: the table of who may call what cannot drift from the guard.
 */

/** The endpoint needs no token. Every other endpoint does (the guard is global). */
export const Public = () =>
  applyDecorators(SetMetadata(PUBLIC_KEY, true), ApiExtension('x-aura-public', true));

/**
 * Any signed-in member may call the endpoint: a valid bearer token of an open session (401
 * otherwise). This is what the guard does for an endpoint that says nothing; the decorator states it,
 * so every route shows its access (lint: tools/eslint-rules/route-access-stated.js).
 */
export const SignedIn = () => SetMetadata(SIGNED_IN_KEY, true);

/** Only these roles may call the endpoint (403 otherwise). */
export const Roles = (...roles: Role[]) =>
  applyDecorators(SetMetadata(ROLES_KEY, roles), ApiExtension('x-aura-roles', roles));

/**
 * Something a suspended member may not do (post, comment, message, tip, transfer, send a genie,
 * withdraw): the guard reads the member's restriction from identity and answers 403 with it.
 */
export const RefusedWhileSuspended = () =>
  applyDecorators(
    SetMetadata(UNRESTRICTED_KEY, true),
    ApiExtension('x-aura-refused-while-suspended', true),
    ApiForbiddenResponse({ description: '"Your account is suspended until … Reason: …"' }),
  );

/** The verified caller of an authenticated endpoint. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedCaller =>
    context.switchToHttp().getRequest<{ caller: AuthenticatedCaller }>().caller,
);
