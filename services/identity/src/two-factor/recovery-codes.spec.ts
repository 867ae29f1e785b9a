import { looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct codes of the form xxxxx-xxxxx', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[01ilo]/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it('hashes a code the same however it is typed, and differently per member', () => {
    const hash = recoveryCodeHash('u1', 'abcde-fghjk');
    expect(recoveryCodeHash('u1', ' ABCDE-FGHJK ')).toBe(hash);
    expect(recoveryCodeHash('u1', 'abcdefghjk')).toBe(hash);
    expect(recoveryCodeHash('u2', 'abcde-fghjk')).not.toBe(hash);
  });

  it('tells a recovery code from a six-digit code', () => {
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(looksLikeRecoveryCode('abcde-fghjk')).toBe(true);
    expect(looksLikeRecoveryCode('abcdefghjk')).toBe(true);
    expect(looksLikeRecoveryCode('abc-defghjk')).toBe(false);
  });
});
