// Client-side checks of the login and signup form. They mirror the server's account rules (same texts)
// so a member learns early; the server stays the judge and its detail is shown when it disagrees.

export type AuthMode = 'signin' | 'signup';

export interface AuthFormValues {
  username: string;
  email: string;
  displayName: string;
  password: string;
}

export type AuthField = keyof AuthFormValues;
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

export const AuthFormMessages = {
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
  username: 'Username must be 3-30 characters: letters, numbers and underscores only',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  displayName: 'Display name must be at most 50 characters',
  currentPasswordRequired: 'Please enter your current password',
  passwordsDiffer: 'The new passwords do not match',
  samePassword: 'New password must be different from the current one',
} as const;

export interface PasswordChangeValues {
  current: string;
  next: string;
  repeated: string;
}

/** The password change form's first problem, or null: the server's rules and texts, checked early. */
export function passwordChangeProblem(values: PasswordChangeValues): string | null {
  if (!values.current) return AuthFormMessages.currentPasswordRequired;
  if (values.next.length < 8) return AuthFormMessages.password;
  if (values.next.length > 128) return AuthFormMessages.passwordTooLong;
  if (values.next !== values.repeated) return AuthFormMessages.passwordsDiffer;
  if (values.next === values.current) return AuthFormMessages.samePassword;
  return null;
}

const USERNAME = /^[A-Za-z0-9_]{3,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateAuthForm(mode: AuthMode, values: AuthFormValues): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  const username = values.username.trim();
  if (mode === 'signin') {
    if (!username) errors.username = AuthFormMessages.usernameRequired;
    if (!values.password) errors.password = AuthFormMessages.passwordRequired;
    return errors;
  }
  if (!USERNAME.test(username)) errors.username = AuthFormMessages.username;
  const email = values.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) errors.email = AuthFormMessages.email;
  if (values.displayName.trim().length > 50) errors.displayName = AuthFormMessages.displayName;
  if (values.password.length < 8) errors.password = AuthFormMessages.password;
  else if (values.password.length > 128) errors.password = AuthFormMessages.passwordTooLong;
  return errors;
}

/** The login body (spec: username and password). */
export const toLoginRequest = (values: AuthFormValues) => ({
  username: values.username.trim(),
  password: values.password,
});

/** The register body; display name is optional and left out when blank (the server uses the username). */
export function toRegisterRequest(values: AuthFormValues) {
  const displayName = values.displayName.trim();
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    ...(displayName ? { display_name: displayName } : {}),
  };
}
