import { createContext, useContext } from 'react';
import type { AuthResponse, User } from '../../../api/types';

/** signed-out: no token. restoring: a token, the member not loaded yet. signed-in: both. */
export type SessionStatus = 'signed-out' | 'restoring' | 'signed-in';

export interface SessionValue {
  status: SessionStatus;
  user: User | null;
  /**
   * After a successful login or signup: store the token, set the user, refetch after 1 second; a
   * sign-in that cancelled the account's deletion says so.
   */
  establishSession: (auth: AuthResponse) => void;
  /** POST /api/auth/logout, then clear the token and every loaded piece of data. */
  signOut: () => Promise<void>;
  isSigningOut: boolean;
  /** Restoring the session has failed at least once (no answer, 5xx) and is being tried again. */
  isRetrying: boolean;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in member; only for components rendered inside the signed-in shell. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser used while signed out');
  return user;
}
