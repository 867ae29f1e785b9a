import { ApiError } from '../../api/errors';
import {
  addPasskeyProblem,
  passkeyDetails,
  passkeyFailureMessage,
  PasskeyMessages,
  passkeyName,
  passkeysSupported,
} from './passkeys';

const NOW = Date.parse('2026-03-20T12:00:00Z');

describe('passkeys', () => {
  it('names a passkey after what was typed, else the device', () => {
    expect(passkeyName('  Work   laptop ', 'Chrome on Linux')).toBe('Work laptop');
    expect(passkeyName('   ', 'Chrome on Linux')).toBe('Chrome on Linux');
    expect(passkeyName('', '')).toBe('Passkey');
    expect(passkeyName('x'.repeat(80), '')).toHaveLength(50);
  });

  it('asks for the password and a name that fits', () => {
    expect(addPasskeyProblem('', 'Phone')).toBe(PasskeyMessages.passwordRequired);
    expect(addPasskeyProblem('secret', 'x'.repeat(51))).toBe(PasskeyMessages.nameTooLong);
    expect(addPasskeyProblem('secret', '')).toBeNull();
  });

  it('tells when it was added and last used', () => {
    expect(passkeyDetails({ created_at: '2026-03-20T09:00:00Z', last_used_at: null }, NOW)).toEqual({
      added: 'Added 3h ago',
      used: 'Not used yet',
    });
    expect(
      passkeyDetails({ created_at: '2026-01-02T09:00:00Z', last_used_at: '2026-03-20T11:55:00Z' }, NOW),
    ).toEqual({ added: 'Added 2 Jan 2026', used: 'Last used 5m ago' });
  });

  it('explains a failure in the server words or, for the browser, plainly', () => {
    const refused = ApiError.fromResponse(401, { detail: PasskeyMessages.signInRefused });
    expect(passkeyFailureMessage(refused)).toBe(PasskeyMessages.signInRefused);
    expect(passkeyFailureMessage(ApiError.fromResponse(401, {}))).toBe(PasskeyMessages.signInRefused);
    expect(passkeyFailureMessage(ApiError.fromResponse(403, { detail: 'Incorrect password' }))).toBe(
      'Incorrect password',
    );
    expect(
      passkeyFailureMessage(ApiError.fromResponse(400, { detail: 'You can keep at most 10 passkeys' })),
    ).toBe('You can keep at most 10 passkeys');
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(passkeyFailureMessage(named('NotAllowedError'))).toBe(PasskeyMessages.cancelled);
    expect(passkeyFailureMessage(named('InvalidStateError'))).toBe(PasskeyMessages.alreadyOnDevice);
    expect(passkeyFailureMessage(named('SecurityError'))).toBe(PasskeyMessages.wrongAddress);
    expect(passkeyFailureMessage(new Error('boom'))).toBe(PasskeyMessages.failed);
  });

  it('knows whether the browser has WebAuthn', () => {
    expect(passkeysSupported({})).toBe(false);
    expect(passkeysSupported({ PublicKeyCredential: class {} })).toBe(true);
  });
});
