// Passkeys (WebAuthn): what the member reads about one, the name it gets, and how a failed ceremony or
// call is explained. The browser's side runs in @simplewebauthn/browser (loaded only when used). Pure
// module: unit-tested under node.
import { ApiError } from '../../api/errors';
import type { Passkey } from '../../api/types';
import { timeAgo } from '../../ui/text';

export const PASSKEY_NAME_MAX = 50;

/** The texts of the passkey screens; the server's own ones letter for letter. */
export const PasskeyMessages = {
  passwordRequired: 'Please enter your password',
  nameTooLong: `The name can be at most ${PASSKEY_NAME_MAX} characters`,
  added: 'Passkey added. You can sign in with it now.',
  removed: 'Passkey removed',
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyOnDevice: 'This device already holds a passkey for your account.',
  wrongAddress: 'Passkeys cannot be used at this address.',
  unsupported: 'This browser cannot use passkeys.',
  failed: 'Something went wrong with the passkey. Try again.',
  /** The server's answer to a sign-in it could not verify (401). */
  signInRefused: 'That passkey could not sign you in. Try again or use your password.',
} as const;

/** The name a new passkey is saved under: what the member typed, else the device's name. */
export function passkeyName(typed: string, fallback: string): string {
  const name = typed.trim().replace(/\s+/g, ' ');
  return (name || fallback.trim() || 'Passkey').slice(0, PASSKEY_NAME_MAX);
}

/** The add form's problem, or null. */
export function addPasskeyProblem(password: string, name: string): string | null {
  if (!password) return PasskeyMessages.passwordRequired;
  if (name.trim().length > PASSKEY_NAME_MAX) return PasskeyMessages.nameTooLong;
  return null;
}

/** "Added 12 Mar 2026" or "Added 3h ago", and when it last signed in. */
export function passkeyDetails(passkey: Pick<Passkey, 'created_at' | 'last_used_at'>, now = Date.now()) {
  return {
    added: `Added ${timeAgo(passkey.created_at, now)}`,
    used: passkey.last_used_at ? `Last used ${timeAgo(passkey.last_used_at, now)}` : 'Not used yet',
  };
}

/**
 * What the member reads when a passkey ceremony or call failed: the server's words for a refusal; for
 * the browser's own refusals (the member closed the prompt, the device already holds one, the address
 * is not the site's) a plain sentence.
 */
export function passkeyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A 401 here is the server refusing the passkey, not a wrong username or password.
    if (error.status === 401) return error.detail ?? PasskeyMessages.signInRefused;
    return error.userMessage;
  }
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return PasskeyMessages.cancelled;
  if (name === 'InvalidStateError') return PasskeyMessages.alreadyOnDevice;
  if (name === 'SecurityError') return PasskeyMessages.wrongAddress;
  if (name === 'NotSupportedError') return PasskeyMessages.unsupported;
  return PasskeyMessages.failed;
}

/** Whether this browser has WebAuthn at all (the passkey button and "Add a Passkey" need it). */
export const passkeysSupported = (scope: { PublicKeyCredential?: unknown } = globalThis) =>
  typeof scope.PublicKeyCredential !== 'undefined';
