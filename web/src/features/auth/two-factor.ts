// Two-factor authentication in the app: the sign-in challenge, the codes a member types (six digits from
// an authenticator app, or a recovery code xxxxx-xxxxx), how a failed code is explained, and the texts
// of the setup key and the recovery codes file; a passkey may answer the step instead of a code. Pure
// module: unit-tested under node.
import { ApiError, authFailureMessage } from '../../api/errors';
import type { LoginAnswer, SecondFactorChallenge } from '../../api/types';
import { PasskeyMessages, passkeysSupported } from './passkeys';

/** Where the member reads the code from: the authenticator app, or one of the saved recovery codes. */
export type CodeKind = 'app' | 'recovery';

export const TwoFactorMessages = {
  /** The server's words for a wrong code (sign-in, setup and turning it off). */
  invalidCode: 'Invalid verification code',
  /** The server's words for a spent sign-in challenge (five tries or five minutes). */
  signInAgain: 'This sign-in has expired or had too many tries. Please sign in again.',
  /** The server's words for a setup not confirmed within 15 minutes. */
  setupExpired: 'This setup has expired. Start again.',
  appCode: 'Enter the 6-digit code from your authenticator app',
  recoveryCode: 'Enter a recovery code like xxxxx-xxxxx',
  anyCode: 'Enter the 6-digit code from your authenticator app or a recovery code',
  passwordRequired: 'Please enter your password',
  /** The browser's passkey prompt was closed or failed: nothing was sent, the code still works. */
  passkeyNotUsed: 'The passkey was not used. Try again or enter a code.',
} as const;

/** The answer of POST /api/auth/login asks for a second factor instead of signing in. */
export function isSecondFactorChallenge(answer: LoginAnswer): answer is SecondFactorChallenge {
  return 'second_factor_required' in answer && answer.second_factor_required === true;
}

/**
 * Whether the code step offers "Use a passkey instead": the member has a passkey (the server says so)
 * and this browser has WebAuthn at all.
 */
export function offersPasskey(
  challenge: Pick<SecondFactorChallenge, 'passkey_available'>,
  scope: { PublicKeyCredential?: unknown } = globalThis,
): boolean {
  return challenge.passkey_available === true && passkeysSupported(scope);
}

const APP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** The code as sent: without spaces (apps show "492 039"); a recovery code in lower case. */
export function normalizeCode(text: string): string {
  const compact = text.replace(/\s/g, '');
  return APP_CODE.test(compact) ? compact : compact.toLowerCase();
}

/** What is wrong with a typed code before asking the server, or null; `any` takes either kind. */
export function codeProblem(code: string, kind: CodeKind | 'any'): string | null {
  const normalized = normalizeCode(code);
  if (kind === 'app') return APP_CODE.test(normalized) ? null : TwoFactorMessages.appCode;
  if (kind === 'recovery') return RECOVERY_CODE.test(normalized) ? null : TwoFactorMessages.recoveryCode;
  return APP_CODE.test(normalized) || RECOVERY_CODE.test(normalized) ? null : TwoFactorMessages.anyCode;
}

/**
 * A failed code at sign-in: a wrong code may be tried again (`restart` false); any other 401 means the
 * challenge is spent (five tries or five minutes) and the member starts over with the password. Both in
 * the server's words; anything else as any sign-in failure (spec 000 §8).
 */
export function secondFactorFailure(error: unknown): { message: string; restart: boolean } {
  if (error instanceof ApiError && error.status === 401) {
    if (error.detail === TwoFactorMessages.invalidCode) return { message: error.detail, restart: false };
    return { message: error.detail ?? TwoFactorMessages.signInAgain, restart: true };
  }
  return { message: authFailureMessage(error), restart: false };
}

/** How a passkey that did not answer the code step is explained (`notUsed`: calmly, nothing was sent). */
export interface PasskeyStepFailure {
  message: string;
  /** The challenge is spent: back to the password, with `message`. */
  restart: boolean;
  /** The browser's prompt was closed or failed; the server was not asked. */
  notUsed: boolean;
}

/**
 * A passkey that did not answer the code step. The browser's prompt closed or failed: a calm word, the
 * code form still works. The server refusing the passkey counts as a wrong code (may be tried again);
 * any other 401 means the challenge is spent and the member starts over with the password, as with a
 * code. Anything else (no passkey, too many tries, no answer) as any sign-in failure (spec 000 §8).
 */
export function passkeyStepFailure(error: unknown): PasskeyStepFailure {
  if (!(error instanceof ApiError)) {
    return { message: TwoFactorMessages.passkeyNotUsed, restart: false, notUsed: true };
  }
  if (error.status === 401) {
    const refused = error.detail === PasskeyMessages.signInRefused;
    return {
      message: error.detail ?? TwoFactorMessages.signInAgain,
      restart: !refused,
      notUsed: false,
    };
  }
  return { message: authFailureMessage(error), restart: false, notUsed: false };
}

/** The base32 setup key in groups of four, as authenticator apps print it: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export const RECOVERY_CODES_FILE = 'aura-recovery-codes.txt';

/** The recovery codes file a member downloads (plain text, one code a line). */
export function recoveryCodesText(codes: readonly string[], username: string, now = new Date()): string {
  return [
    `Aura recovery codes for @${username}`,
    `Created ${now.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe. New recovery codes replace these.',
    '',
    ...codes,
    '',
  ].join('\n');
}
