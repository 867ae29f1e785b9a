import { ApiError, ErrorMessages } from '../../api/errors';
import {
  codeProblem,
  groupSecret,
  isSecondFactorChallenge,
  normalizeCode,
  offersPasskey,
  passkeyStepFailure,
  recoveryCodesText,
  secondFactorFailure,
  TwoFactorMessages,
} from './two-factor';

const PASSKEY_REFUSED = 'That passkey could not sign you in. Try again or use your password.';
const browserError = (name: string) => Object.assign(new Error('The operation was not allowed'), { name });

describe('isSecondFactorChallenge', () => {
  it('tells the challenge from a session', () => {
    expect(
      isSecondFactorChallenge({
        second_factor_required: true,
        second_factor_token: 't',
        passkey_available: false,
      }),
    ).toBe(true);
    expect(
      isSecondFactorChallenge({
        access_token: 'a',
        token_type: 'bearer',
        expires_in: 900,
        user: {} as never,
      }),
    ).toBe(false);
  });
});

describe('codes', () => {
  it('drops spaces; recovery codes in lower case', () => {
    expect(normalizeCode(' 492 039 ')).toBe('492039');
    expect(normalizeCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
  });

  it('checks the shape of each kind before asking the server', () => {
    expect(codeProblem('492 039', 'app')).toBeNull();
    expect(codeProblem('49203', 'app')).toBe(TwoFactorMessages.appCode);
    expect(codeProblem('abcde-fghjk', 'app')).toBe(TwoFactorMessages.appCode);
    expect(codeProblem('ABCDE-fghjk', 'recovery')).toBeNull();
    expect(codeProblem('abcdefghjk', 'recovery')).toBeNull();
    expect(codeProblem('492039', 'recovery')).toBe(TwoFactorMessages.recoveryCode);
    expect(codeProblem('492039', 'any')).toBeNull();
    expect(codeProblem('abcde-fghjk', 'any')).toBeNull();
    expect(codeProblem('', 'any')).toBe(TwoFactorMessages.anyCode);
  });
});

describe('secondFactorFailure', () => {
  it('a wrong code may be tried again, in the server words', () => {
    expect(secondFactorFailure(ApiError.fromResponse(401, { detail: 'Invalid verification code' }))).toEqual({
      message: 'Invalid verification code',
      restart: false,
    });
  });

  it('a spent challenge goes back to the password', () => {
    expect(
      secondFactorFailure(ApiError.fromResponse(401, { detail: TwoFactorMessages.signInAgain })),
    ).toEqual({ message: TwoFactorMessages.signInAgain, restart: true });
    expect(secondFactorFailure(ApiError.fromResponse(401, {}))).toEqual({
      message: TwoFactorMessages.signInAgain,
      restart: true,
    });
  });

  it('anything else is explained like any sign-in failure and may be tried again', () => {
    expect(secondFactorFailure(ApiError.fromResponse(500, {}))).toEqual({
      message: ErrorMessages.server,
      restart: false,
    });
    expect(secondFactorFailure(ApiError.fromResponse(429, { detail: 'Too many attempts' }))).toEqual({
      message: 'Too many attempts',
      restart: false,
    });
  });
});

describe('a passkey instead of a code', () => {
  const webAuthn = { PublicKeyCredential: class {} };

  it('is offered when the member has a passkey and the browser can use one', () => {
    expect(offersPasskey({ passkey_available: true }, webAuthn)).toBe(true);
    expect(offersPasskey({ passkey_available: false }, webAuthn)).toBe(false);
    expect(offersPasskey({ passkey_available: true }, {})).toBe(false);
    // A server that does not say so offers none.
    expect(offersPasskey({} as never, webAuthn)).toBe(false);
  });

  it('a prompt closed or failed in the browser is said calmly; the code still works', () => {
    for (const name of ['NotAllowedError', 'AbortError', 'SecurityError', 'NotSupportedError', 'Error']) {
      expect(passkeyStepFailure(browserError(name))).toEqual({
        message: 'The passkey was not used. Try again or enter a code.',
        restart: false,
        notUsed: true,
      });
    }
    expect(passkeyStepFailure(undefined)).toMatchObject({ notUsed: true, restart: false });
  });

  it('a passkey the server refuses may be tried again, in the server words', () => {
    expect(passkeyStepFailure(ApiError.fromResponse(401, { detail: PASSKEY_REFUSED }))).toEqual({
      message: PASSKEY_REFUSED,
      restart: false,
      notUsed: false,
    });
  });

  it('a spent challenge goes back to the password, as with a code', () => {
    expect(passkeyStepFailure(ApiError.fromResponse(401, { detail: TwoFactorMessages.signInAgain }))).toEqual(
      {
        message: TwoFactorMessages.signInAgain,
        restart: true,
        notUsed: false,
      },
    );
    expect(passkeyStepFailure(ApiError.fromResponse(401, {}))).toEqual({
      message: TwoFactorMessages.signInAgain,
      restart: true,
      notUsed: false,
    });
  });

  it('other server answers in the server words, or as any sign-in failure', () => {
    expect(passkeyStepFailure(ApiError.fromResponse(400, { detail: 'You have no passkey' }))).toEqual({
      message: 'You have no passkey',
      restart: false,
      notUsed: false,
    });
    expect(passkeyStepFailure(ApiError.fromResponse(429, { detail: 'Too many attempts' }))).toMatchObject({
      message: 'Too many attempts',
      restart: false,
    });
    expect(passkeyStepFailure(ApiError.fromResponse(500, {}))).toMatchObject({
      message: ErrorMessages.server,
      restart: false,
      notUsed: false,
    });
    expect(passkeyStepFailure(new ApiError({ kind: 'transport', code: 'ECONNREFUSED' }))).toMatchObject({
      restart: false,
      notUsed: false,
    });
  });
});

describe('texts', () => {
  it('groups the setup key in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('writes the recovery codes file one code a line', () => {
    const text = recoveryCodesText(
      ['aaaaa-bbbbb', 'ccccc-ddddd'],
      'luna_92',
      new Date('2025-03-01T10:00:00Z'),
    );
    expect(text.split('\n')).toEqual([
      'Aura recovery codes for @luna_92',
      'Created 2025-03-01',
      '',
      'Each code signs you in once when you cannot use your authenticator app.',
      'Keep them somewhere safe. New recovery codes replace these.',
      '',
      'aaaaa-bbbbb',
      'ccccc-ddddd',
      '',
    ]);
  });
});
