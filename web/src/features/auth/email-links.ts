// The links Aura mails (identity): `${AURA_PUBLIC_URL}/#reset-password=<token>` to choose a new password
// and `${AURA_PUBLIC_URL}/#verify-email=<token>` to confirm the e-mail address. The app has no routes, so
// the token rides in the fragment: it never reaches a server log, and the app removes it from the address
// bar once read. Also the checks of the forms around them. Pure module: unit-tested under node.
import { AuthFormMessages } from './validation';

export type EmailLinkKind = 'reset-password' | 'verify-email';

export interface EmailLink {
  kind: EmailLinkKind;
  token: string;
}

const KINDS: readonly EmailLinkKind[] = ['reset-password', 'verify-email'];
/** The tokens identity makes are base64url; a cut or mangled one is the server's to refuse. */
const TOKEN = /^[A-Za-z0-9_-]{1,512}$/;

/** The mailed link in a location's fragment ('#reset-password=…'), or null when it holds none. */
export function parseEmailLink(hash: string): EmailLink | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const separator = fragment.indexOf('=');
  if (separator < 0) return null;
  const kind = fragment.slice(0, separator) as EmailLinkKind;
  if (!KINDS.includes(kind)) return null;
  let token = fragment.slice(separator + 1);
  try {
    token = decodeURIComponent(token);
  } catch {
    return null;
  }
  token = token.trim();
  return TOKEN.test(token) ? { kind, token } : null;
}

/** The server's texts around the mailed links, letter for letter. */
export const EmailLinkMessages = {
  invalidLink: 'This link is invalid or has expired. Ask for a new one.',
  resetSent: 'If an account uses that email, we sent it a link to reset the password.',
  emailConfirmed: 'Your email is confirmed.',
  alreadyConfirmed: 'Your email is already confirmed',
  confirmationSent: 'We sent you a new link to confirm your email.',
  passwordChanged: 'Your password is changed. Sign in with the new one.',
  emailRequired: 'Please enter your email address',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The "Forgot password?" form's problem with the address, or null. */
export function resetRequestProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return EmailLinkMessages.emailRequired;
  if (value.length > 254 || !EMAIL.test(value)) return AuthFormMessages.email;
  return null;
}

/** The "Choose a new password" form's first problem, or null: the server's rules and texts, early. */
export function newPasswordProblem(next: string, repeated: string): string | null {
  if (next.length < 8) return AuthFormMessages.password;
  if (next.length > 128) return AuthFormMessages.passwordTooLong;
  if (next !== repeated) return AuthFormMessages.passwordsDiffer;
  return null;
}
