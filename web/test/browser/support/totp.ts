// An authenticator app for browser tests: the codes of RFC 6238 (over RFC 4226's HOTP) as the apps read
// them from an otpauth:// link: HMAC-SHA1 over the 30-second step, 6 digits; secrets in base32.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=-]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second time step of a moment. */
export const totpStep = (now = new Date()) => Math.floor(now.getTime() / 30_000);

/** The six-digit code of one time step. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Six digits that are none of the codes the server accepts now (the steps either side included). */
export function wrongTotpCode(secret: string): string {
  const now = totpStep();
  const accepted = new Set([now - 1, now, now + 1, now + 2].map((step) => totpCode(secret, step)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}
