import { fromBase32, matchTotp, otpauthUri, toBase32, totpCode, totpStep } from './totp';

// RFC 6238 Appendix B, SHA-1: the ASCII key "12345678901234567890", 8-digit codes.
const RFC_SECRET = toBase32(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 at T=%i', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it('gives the 6-digit code an authenticator app shows (the last six digits)', () => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(59_000)))).toBe('287082');
  });

  it('round-trips base32 and ignores spaces, dashes, padding and case', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(fromBase32(toBase32(bytes))).toEqual(bytes);
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(fromBase32('mzxw 6ytb-oi======').toString()).toBe('foobar');
    expect(() => fromBase32('not*base32')).toThrow();
  });

  it('accepts the previous, current and next step and answers which one', () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBe(step + offset);
    }
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const now = new Date(1_700_000_000_000);
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456', '12 456']) {
      expect(matchTotp(RFC_SECRET, code, now)).toBeNull();
    }
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    const uri = otpauthUri('Aura', 'luna_92', 'JBSWY3DPEHPK3PXP');
    expect(uri).toBe(
      'otpauth://totp/Aura%3Aluna_92?secret=JBSWY3DPEHPK3PXP&issuer=Aura&algorithm=SHA1&digits=6&period=30',
    );
  });
});
