// Leaving Aura (docs/account-deletion.md): the texts of Settings → Delete Account, how a refused request
// is explained, what the member hears on the sign-in that cancels it, and the notice the signed-out app
// shows once the request is made (kept here: the signed-in screen that asked is gone by then).
// Pure module: unit-tested under node.
import { ApiError } from '../../api/errors';
import type { AuthResponse } from '../../api/types';
import { AuthFormMessages } from './validation';

/** How long the account stays, and signing in cancels the deletion (identity's grace period). */
export const DELETION_GRACE_DAYS = 30;

export const AccountDeletionMessages = {
  passwordRequired: AuthFormMessages.passwordRequired,
  failed: 'Failed to delete your account',
  /** The title of the notice after the request; the server's message (with the date) follows. */
  scheduled: 'Your account is scheduled for deletion',
  /** The sign-in that kept the account. */
  cancelled: 'Welcome back — your account will not be deleted.',
} as const;

/** The server's words for a refusal (wrong password, an admin account, too many tries). */
export function accountDeletionFailure(error: unknown): string {
  return error instanceof ApiError ? error.userMessage : AccountDeletionMessages.failed;
}

/** What a sign-in says about the deletion: the notice when it cancelled one, else null. */
export function deletionCancelledNotice(auth: Pick<AuthResponse, 'deletion_cancelled'>): string | null {
  return auth.deletion_cancelled === true ? AccountDeletionMessages.cancelled : null;
}

let scheduled: string | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The server's message after a request, shown on the signed-out pages until dismissed or signed in. */
export const deletionNotice = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => scheduled,
  show(message: string) {
    scheduled = message;
    notify();
  },
  clear() {
    if (scheduled === null) return;
    scheduled = null;
    notify();
  },
};
