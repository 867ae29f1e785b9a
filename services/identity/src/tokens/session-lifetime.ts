// Session lifetimes (issue 18): a refresh token is valid for its idle lifetime from the moment it is
// issued, but never past the session's absolute end; every rotation carries the session's start.

/**
 * When a refresh token issued now stops working: its idle lifetime from now, but never after the
 * session's absolute end (sign-in + max age). Null when the session is already over.
 */
export function refreshExpiry(
  now: Date,
  sessionStartedAt: Date,
  idleSeconds: number,
  maxAgeSeconds: number,
): Date | null {
  const sessionEnd = sessionStartedAt.getTime() + maxAgeSeconds * 1000;
  if (sessionEnd <= now.getTime()) return null;
  return new Date(Math.min(now.getTime() + idleSeconds * 1000, sessionEnd));
}
