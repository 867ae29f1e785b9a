import { createHash, randomInt } from 'node:crypto';

/** Ten single-use codes, each a second factor when the authenticator is lost. */
export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: a code copied by hand from paper still reads back.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet, about 50 bits each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const code = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => {
    const text = code();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Whether the text has the shape of a recovery code (any case, with or without the dash). */
export function looksLikeRecoveryCode(text: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(text.trim());
}

/**
 * What is stored of a code: a hash bound to the member, so equal codes of two members differ and a
 * table of hashes cannot be matched across accounts. Only the hash is kept; the codes are shown once.
 */
export function recoveryCodeHash(userId: string, code: string): string {
  const normalized = code.trim().toLowerCase().replace('-', '');
  return createHash('sha256').update(`${userId}:${normalized}`).digest('hex');
}
