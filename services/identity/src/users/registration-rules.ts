import { RuleViolation } from '@aura/platform';

/** Server-side account rules (PRODUCT-DECISIONS.md "Accounts"). Messages are shown to the member. */
export const RegistrationMessages = {
  username: 'Username must be 3-30 characters: letters, numbers and underscores only',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  displayName: 'Display name must be at most 50 characters',
  usernameTaken: 'Username already taken',
  emailTaken: 'Email already registered',
} as const;

const USERNAME = /^[A-Za-z0-9_]{3,30}$/;
// Pragmatic shape check: one @, no spaces, a dot in the domain. Deliverability is not our concern here.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  displayName?: string;
}

export interface NormalizedRegistration {
  username: string;
  email: string;
  password: string;
  displayName: string;
}

/** A password the member may choose (at sign-up or when changing it). */
export function validatePassword(password: string): void {
  if (password.length < 8) throw new RuleViolation(RegistrationMessages.password);
  if (password.length > 128) throw new RuleViolation(RegistrationMessages.passwordTooLong);
}

export function validateRegistration(input: RegistrationInput): NormalizedRegistration {
  const username = input.username.trim();
  const email = input.email.trim();
  const displayName = (input.displayName ?? '').trim() || username;
  if (!USERNAME.test(username)) throw new RuleViolation(RegistrationMessages.username);
  if (email.length > 254 || !EMAIL.test(email)) throw new RuleViolation(RegistrationMessages.email);
  validatePassword(input.password);
  if (displayName.length > 50) throw new RuleViolation(RegistrationMessages.displayName);
  return { username, email, password: input.password, displayName };
}
