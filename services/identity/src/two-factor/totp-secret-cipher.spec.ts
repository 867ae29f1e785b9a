import { randomBytes } from 'node:crypto';
import { newTotpSecret } from './totp';
import { TotpSecretCipher, UnreadableTotpSecret } from './totp-secret-cipher';

const MEMBER = 'member-a';
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

/** A cipher of these keys, given as identity's config gives them (base64). */
const cipherOf = (current: Buffer, previous?: Buffer) =>
  new TotpSecretCipher({
    AURA_TOTP_ENCRYPTION_KEY: current.toString('base64'),
    AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: previous?.toString('base64'),
  });

/** The error `open` throws, for its reason. */
function openError(cipher: TotpSecretCipher, memberId: string, stored: string): UnreadableTotpSecret {
  try {
    cipher.open(memberId, stored);
  } catch (error) {
    if (error instanceof UnreadableTotpSecret) return error;
    throw error;
  }
  throw new Error('it opened');
}

/** One base64url part of a sealed text with its first byte changed. */
function flipped(stored: string, part: number): string {
  const parts = stored.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] ^= 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('TOTP secrets at rest', () => {
  it('seal and open again for the same member, with a fresh IV every time and no plaintext', () => {
    const cipher = cipherOf(oldKey);
    const secret = newTotpSecret();
    const stored = cipher.seal(MEMBER, secret);
    expect(stored).not.toContain(secret);
    expect(stored.startsWith(cipher.currentPrefix)).toBe(true);
    expect(stored.split('.')).toHaveLength(5);
    expect(cipher.open(MEMBER, stored)).toEqual({ secret, current: true });
    expect(cipher.seal(MEMBER, secret)).not.toBe(stored);
  });

  it("do not open for another member (the member's id is the associated data)", () => {
    const cipher = cipherOf(oldKey);
    const stored = cipher.seal(MEMBER, newTotpSecret());
    expect(openError(cipher, 'member-b', stored).reason).toBe('corrupt');
  });

  it('refuse an altered IV, ciphertext or tag, and a text that is not a sealed one', () => {
    const cipher = cipherOf(oldKey);
    const stored = cipher.seal(MEMBER, newTotpSecret());
    for (const part of [2, 3, 4])
      expect(openError(cipher, MEMBER, flipped(stored, part)).reason).toBe('corrupt');
    expect(openError(cipher, MEMBER, stored.split('.').slice(0, 4).join('.')).reason).toBe('corrupt');
    expect(openError(cipher, MEMBER, `v2${stored.slice(2)}`).reason).toBe('corrupt');
    expect(openError(cipher, MEMBER, 'not base32 and not sealed').reason).toBe('corrupt');
  });

  it('open what the previous key sealed after a rotation, as not current; the new key seals', () => {
    const before = cipherOf(oldKey);
    const after = cipherOf(newKey, oldKey);
    expect(after.keyId).not.toBe(before.keyId);
    const secret = newTotpSecret();
    const stored = before.seal(MEMBER, secret);
    expect(after.open(MEMBER, stored)).toEqual({ secret, current: false });
    const sealedAgain = after.seal(MEMBER, secret);
    expect(sealedAgain.startsWith(after.currentPrefix)).toBe(true);
    expect(after.open(MEMBER, sealedAgain)).toEqual({ secret, current: true });
    // Without the previous key, what it sealed names a key that is not configured.
    const error = openError(cipherOf(newKey), MEMBER, stored);
    expect(error.reason).toBe('unknown key');
    expect(error.message).toContain(before.keyId);
    expect(error.message).not.toContain(secret);
  });

  it('read a plaintext secret stored before encryption, as not current', () => {
    const cipher = cipherOf(newKey, oldKey);
    const legacy = newTotpSecret();
    expect(cipher.open(MEMBER, legacy)).toEqual({ secret: legacy, current: false });
  });

  it('take their keys from the config, 32 bytes in base64', () => {
    const cipher = new TotpSecretCipher({
      AURA_TOTP_ENCRYPTION_KEY: newKey.toString('base64'),
      AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64'),
    });
    expect(cipher.keyId).toBe(cipherOf(newKey).keyId);
    const stored = cipherOf(oldKey).seal(MEMBER, 'JBSWY3DPEHPK3PXP');
    expect(cipher.open(MEMBER, stored).secret).toBe('JBSWY3DPEHPK3PXP');
    expect(() => cipherOf(randomBytes(16))).toThrow(/32 bytes/);
  });
});
