import {
  AuthFormMessages,
  passwordChangeProblem,
  toRegisterRequest,
  validateAuthForm,
  type AuthFormValues,
} from './validation';

const values = (overrides: Partial<AuthFormValues> = {}): AuthFormValues => ({
  username: 'luna_92',
  email: 'luna@example.com',
  displayName: '',
  password: 'correct horse',
  ...overrides,
});

describe('validateAuthForm', () => {
  it('sign in needs a username and a password, nothing more', () => {
    expect(validateAuthForm('signin', values())).toEqual({});
    expect(validateAuthForm('signin', values({ username: '  ', password: '', email: '' }))).toEqual({
      username: AuthFormMessages.usernameRequired,
      password: AuthFormMessages.passwordRequired,
    });
    // Login does not judge the shape of a username: the server answers for the account.
    expect(validateAuthForm('signin', values({ username: 'x', password: 'short' }))).toEqual({});
  });

  it('sign up follows the server rules', () => {
    expect(validateAuthForm('signup', values())).toEqual({});
    expect(validateAuthForm('signup', values({ username: 'ab' })).username).toBe(
      'Username must be 3-30 characters: letters, numbers and underscores only',
    );
    expect(validateAuthForm('signup', values({ username: 'a'.repeat(31) })).username).toBeDefined();
    expect(validateAuthForm('signup', values({ username: 'luna-92' })).username).toBeDefined();
    expect(validateAuthForm('signup', values({ email: 'luna@' })).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateAuthForm('signup', values({ password: '1234567' })).password).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateAuthForm('signup', values({ password: '12345678' })).password).toBeUndefined();
    expect(validateAuthForm('signup', values({ displayName: 'x'.repeat(51) })).displayName).toBeDefined();
  });

  it('leaves out a blank display name (optional)', () => {
    expect(toRegisterRequest(values({ displayName: '  ' }))).toEqual({
      username: 'luna_92',
      email: 'luna@example.com',
      password: 'correct horse',
    });
    expect(toRegisterRequest(values({ displayName: ' Luna ' })).display_name).toBe('Luna');
  });
});

describe('passwordChangeProblem', () => {
  const values = { current: 'old password', next: 'new password', repeated: 'new password' };

  it('accepts a new password of 8 to 128 characters, typed twice, that differs from the current one', () => {
    expect(passwordChangeProblem(values)).toBeNull();
    expect(passwordChangeProblem({ ...values, next: 'x'.repeat(128), repeated: 'x'.repeat(128) })).toBeNull();
  });

  it("names the first problem in the server's words", () => {
    expect(passwordChangeProblem({ ...values, current: '' })).toBe('Please enter your current password');
    expect(passwordChangeProblem({ ...values, next: 'short', repeated: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
    const long = 'x'.repeat(129);
    expect(passwordChangeProblem({ ...values, next: long, repeated: long })).toBe(
      'Password must be at most 128 characters',
    );
    expect(passwordChangeProblem({ ...values, repeated: 'new passwort' })).toBe(
      'The new passwords do not match',
    );
    expect(passwordChangeProblem({ ...values, next: 'old password', repeated: 'old password' })).toBe(
      'New password must be different from the current one',
    );
  });
});
