import { SignJWT } from 'jose';
import type { User } from '../users/user';
import type { SigningKey } from './signing-key';

export const TOKEN_ISSUER = 'aura-identity';
export const TOKEN_AUDIENCE = 'aura';

/**
 * Short-lived access token: subject = member id, with role and username for the gateway, and `sid`,
 * the session (refresh-token family) it belongs to, so that the gateway can end a session's access
 * tokens at once on sign-out.
 */
export function signAccessToken(
  key: SigningKey,
  user: User,
  ttlSeconds: number,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ role: user.role, username: user.username, sid: sessionId })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}
