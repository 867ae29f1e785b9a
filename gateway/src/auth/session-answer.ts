import '@fastify/cookie';
import type { identity } from '@aura/proto';
import type { FastifyReply } from 'fastify';
import type { GatewayConfig } from '../config';
import { AuthResponse, toUserResponse } from './auth.dto';

export const REFRESH_COOKIE = 'aura_refresh';

/** A new session's answer: the access token in the body, the refresh token in an httpOnly cookie. */
export function sessionAnswer(
  session: identity.AuthSession,
  reply: FastifyReply,
  config: GatewayConfig,
): AuthResponse {
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.AURA_ENV === 'production',
    path: '/api/auth',
    expires: new Date(session.refreshExpiresAt),
  });
  return {
    access_token: session.accessToken,
    token_type: 'bearer',
    expires_in: session.expiresIn,
    user: toUserResponse(session.user!, { includeEmail: true }),
    ...(session.deletionCancelled ? { deletion_cancelled: true } : {}),
  };
}

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
}
