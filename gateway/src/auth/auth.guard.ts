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
import { PUBLIC_KEY, ROLES_KEY, UNRESTRICTED_KEY } from './auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { SessionsService } from './sessions.service';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const NOT_ALLOWED = 'You do not have permission to do this';
/** A suspended member's answer on what a suspension stops (the app shows the same from /auth/me). */
export function suspendedMessage(restriction: { kind: string; reason: string; until: string }): string {
  if (restriction.kind === 'banned') return `This account has been banned. Reason: ${restriction.reason}`;
  const until = restriction.until.slice(0, 16).replace('T', ' ');
  return `Your account is suspended until ${until} UTC. Reason: ${restriction.reason}`;
}

export const ADMIN_TWO_FACTOR_REQUIRED =
  'Admins must use two-factor authentication: turn it on in Settings → Account Security to open the admin panel';

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
    const unrestricted = this.reflector.getAllAndOverride<boolean>(UNRESTRICTED_KEY, targets);
    if (!roles && !unrestricted) return true;
    // A role-gated call goes by the member's role now, not the one in the token: a promotion works
    // without signing in again, and a demoted admin loses the panel at once. A suspension likewise
    // holds from the moment identity has it.
    const access = await this.accessOf(request.caller);
    if (unrestricted && access.restriction)
      throw new ForbiddenException({ detail: suspendedMessage(access.restriction) });
    if (!roles) return true;
    request.caller = { ...request.caller, role: access.role as Role };
    if (!roles.includes(request.caller.role)) throw new ForbiddenException({ detail: NOT_ALLOWED });
    // The security policy may require a second factor of admins: without one, admin views stay shut.
    if (access.twoFactorMissing && !roles.includes('user'))
      throw new ForbiddenException({ detail: ADMIN_TWO_FACTOR_REQUIRED });
    return true;
  }

  private async accessOf(caller: AuthenticatedCaller) {
    try {
      return await this.identity.getAccess(caller.userId, caller);
    } catch (error) {
      const code = (error as { code?: number }).code;
      // Unknown member (5) or a member identity no longer knows (16): a dead session.
      if (code === 5 || code === 16) throw new UnauthorizedException({ detail: NOT_AUTHENTICATED });
      throw error;
    }
  }
}
