import { RuleViolation } from '@aura/platform';
import { RegistrationMessages, validateRegistration } from './registration-rules';

const valid = { username: 'luna_92', email: 'luna@example.com', password: 'correct horse' };

describe('validateRegistration', () => {
  it('defaults the display name to the username and trims fields', () => {
    expect(validateRegistration({ ...valid, username: ' luna_92 ', displayName: '  ' })).toEqual({
      username: 'luna_92',
      email: 'luna@example.com',
      password: 'correct horse',
      displayName: 'luna_92',
    });
  });

  it.each([
    ['ab', RegistrationMessages.username],
    ['a'.repeat(31), RegistrationMessages.username],
    ['has space', RegistrationMessages.username],
    ['dash-name', RegistrationMessages.username],
  ])('refuses username %p', (username, message) => {
    expect(() => validateRegistration({ ...valid, username })).toThrow(new RuleViolation(message));
  });

  it('accepts the bounds of the username length', () => {
    expect(validateRegistration({ ...valid, username: 'abc' }).username).toBe('abc');
    expect(validateRegistration({ ...valid, username: 'a'.repeat(30) }).username).toHaveLength(30);
  });

  it.each(['no-at-sign', 'two@@example.com', 'a@b', 'spa ce@example.com'])('refuses e-mail %p', (email) => {
    expect(() => validateRegistration({ ...valid, email })).toThrow(RegistrationMessages.email);
  });

  it('needs a password of at least 8 characters', () => {
    expect(() => validateRegistration({ ...valid, password: '1234567' })).toThrow(
      RegistrationMessages.password,
    );
    expect(validateRegistration({ ...valid, password: '12345678' }).password).toBe('12345678');
  });
});
