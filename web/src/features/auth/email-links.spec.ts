import { EmailLinkMessages, newPasswordProblem, parseEmailLink, resetRequestProblem } from './email-links';
import { AuthFormMessages } from './validation';

const TOKEN = 'k3Jd9_aZ-0qLmNoPqRsTuVwXyZ012345';

describe('parseEmailLink', () => {
  it('reads the two links identity mails', () => {
    expect(parseEmailLink(`#reset-password=${TOKEN}`)).toEqual({ kind: 'reset-password', token: TOKEN });
    expect(parseEmailLink(`#verify-email=${TOKEN}`)).toEqual({ kind: 'verify-email', token: TOKEN });
    // Without the '#', and percent-encoded by a mail client.
    expect(parseEmailLink(`verify-email=${TOKEN}`)).toEqual({ kind: 'verify-email', token: TOKEN });
    expect(parseEmailLink(`#reset-password=${encodeURIComponent(TOKEN)}%20`)).toEqual({
      kind: 'reset-password',
      token: TOKEN,
    });
  });

  it('ignores any other fragment', () => {
    expect(parseEmailLink('#reset-password=short')).toEqual({ kind: 'reset-password', token: 'short' });
    for (const hash of [
      '',
      '#',
      '#reset-password',
      '#reset-password=',
      `#token=${TOKEN}`,
      `#something=${TOKEN}`,
      '#reset-password=not a token at all!',
      '#verify-email=%E0%A4%A',
    ])
      expect(parseEmailLink(hash)).toBeNull();
  });
});

describe('the forms around the links', () => {
  it('asks for an address that looks like one', () => {
    expect(resetRequestProblem('  ')).toBe(EmailLinkMessages.emailRequired);
    expect(resetRequestProblem('luna')).toBe(AuthFormMessages.email);
    expect(resetRequestProblem(' luna@example.com ')).toBeNull();
  });

  it('checks the new password as the server does', () => {
    expect(newPasswordProblem('short', 'short')).toBe(AuthFormMessages.password);
    expect(newPasswordProblem('x'.repeat(129), 'x'.repeat(129))).toBe(AuthFormMessages.passwordTooLong);
    expect(newPasswordProblem('a calmer passphrase', 'a calmer passphras')).toBe(
      AuthFormMessages.passwordsDiffer,
    );
    expect(newPasswordProblem('a calmer passphrase', 'a calmer passphrase')).toBeNull();
  });
});
