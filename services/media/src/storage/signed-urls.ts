import { CONFIG } from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaConfig } from '../config';
import { CLOCK, type Clock } from '../tokens';

/** The key of the signatures and how long a signed URL stays valid. */
export type UrlSigningConfig = Pick<
  MediaConfig,
  'AURA_MEDIA_SIGNING_SECRET' | 'AURA_MEDIA_SIGNED_URL_TTL_SECONDS'
>;

/**
 * Expiring, signed access to message attachments: sig = base64url(HMAC-SHA256(secret,
 * "messages/<file>:<expires>")), expires in unix seconds.
 */
@Injectable()
export class UrlSigner {
  private readonly secret: string;
  private readonly ttlSeconds: number;

  constructor(
    @Inject(CONFIG) config: UrlSigningConfig,
    @Optional() @Inject(CLOCK) private readonly now: Clock = Date.now,
  ) {
    this.secret = config.AURA_MEDIA_SIGNING_SECRET;
    this.ttlSeconds = config.AURA_MEDIA_SIGNED_URL_TTL_SECONDS;
  }

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
