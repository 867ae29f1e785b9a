import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring, signed access to message attachments: sig = base64url(HMAC-SHA256(secret,
 * "messages/<file>:<expires>")), expires in unix seconds.
 */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}:${expires}`).digest('base64url');
  }

  /** `/api/media/<key>?expires=..&sig=..`, valid for the configured time from now. */
  signedPath(key: string): string {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `/api/media/${key}?expires=${expires}&sig=${this.sign(key, expires)}`;
  }

  /** True when the signature is the one for this key and expiry and the expiry has not passed. */
  verify(key: string, expires: string, signature: string): boolean {
    if (!/^\d{1,12}$/.test(expires) || !signature) return false;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.sign(key, expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
