import { annotate, type Role } from '@aura/platform';
import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessTokenVerifier, AuthenticatedCaller, INVALID_TOKEN } from './access-token-verifier';
import { PUBLIC_KEY, ROLES_KEY } from './auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { SessionsService } from './sessions.service';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const NOT_ALLOWED = 'You do not have permission to do this';

/**
 * Global guard: a bearer token is required unless the endpoint is @Public(); @Roles narrows further.
 * The token must be valid, and its session still open (SessionsService: not signed out, role
 * unchanged).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AccessTokenVerifier,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: AuthenticatedCaller }>();
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new UnauthorizedException({ detail: NOT_AUTHENTICATED });
    request.caller = await this.verifier.verify(match[1].trim()).catch((error) => {
      if (error instanceof UnauthorizedException) throw error;
      if ((error as { code?: number }).code !== undefined) throw error; // identity unreachable → 503
      throw new UnauthorizedException({ detail: INVALID_TOKEN });
    });
    // Signed out, or the role changed since the token was issued: refused now (503 without Redis).
    await this.sessions.assertActive(request.caller);
    annotate({ 'aura.member_id': request.caller.userId });
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (!roles) return true;
    // A role-gated call goes by the member's role now, not the one in the token: a promotion works
    // without signing in again, and a demoted admin loses the panel at once.
    request.caller = { ...request.caller, role: await this.currentRole(request.caller) };
    if (!roles.includes(request.caller.role)) throw new ForbiddenException({ detail: NOT_ALLOWED });
    return true;
  }

  private async currentRole(caller: AuthenticatedCaller): Promise<Role> {
    try {
      return (await this.identity.getUser(caller.userId, caller)).role as Role;
    } catch (error) {
      if ((error as { code?: number }).code === 5)
        throw new UnauthorizedException({ detail: NOT_AUTHENTICATED });
      throw error;
    }
  }
}
