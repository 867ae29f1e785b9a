import { CONFIG } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (the `two_factor` collection): AES-256-GCM under `AURA_TOTP_ENCRYPTION_KEY`, so a
 * copy of the database alone generates no codes.
 *
 * - The member's id is the associated data: a sealed secret copied onto another member's document does
 *   not open there.
 * - The stored text names its key (`v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts, a random
 *   96-bit IV, the 128-bit tag). The key id is derived from the key (an HMAC of it, never the key), so
 *   no setting can name the wrong one. A rotated-out key given as `AURA_TOTP_ENCRYPTION_KEY_PREVIOUS`
 *   still opens what it sealed; `open` then says the text is not current and the caller seals it again.
 * - A secret stored before encryption (plain base32) still opens, likewise not current.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** What `newTotpSecret` stored before encryption: base32, which never contains the separator `.`. */
const LEGACY_PLAINTEXT = /^[A-Z2-7]+=*$/;

export interface OpenedSecret {
  secret: string;
  /** Sealed with the current key: nothing to do. False for a legacy plaintext or the previous key's. */
  current: boolean;
}

/** A stored secret that cannot be opened: sealed with a key not configured, or altered (or moved). */
export class UnreadableTotpSecret extends Error {
  constructor(
    message: string,
    readonly reason: 'unknown key' | 'corrupt',
  ) {
    super(message);
  }
}

/** identity's settings of the keys: base64, validated by its config. */
export interface TotpKeysConfig {
  AURA_TOTP_ENCRYPTION_KEY: string;
  AURA_TOTP_ENCRYPTION_KEY_PREVIOUS?: string;
}

@Injectable()
export class TotpSecretCipher {
  /** The id of the current key, written in every text it seals. */
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(@Inject(CONFIG) config: TotpKeysConfig) {
    const currentKey = Buffer.from(config.AURA_TOTP_ENCRYPTION_KEY, 'base64');
    const previous = config.AURA_TOTP_ENCRYPTION_KEY_PREVIOUS;
    const previousKey = previous ? Buffer.from(previous, 'base64') : undefined;
    for (const key of [currentKey, previousKey])
      if (key && key.length !== KEY_BYTES) throw new Error(`a TOTP encryption key is ${KEY_BYTES} bytes`);
    this.keyId = keyIdOf(currentKey);
    this.keys.set(this.keyId, currentKey);
    if (previousKey && !this.keys.has(keyIdOf(previousKey))) this.keys.set(keyIdOf(previousKey), previousKey);
  }

  /** The prefix of every text the current key seals (the startup sweep looks for the others). */
  get currentPrefix(): string {
    return `${VERSION}.${this.keyId}.`;
  }

  seal(memberId: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(Buffer.from(memberId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret of a stored text of this member; throws UnreadableTotpSecret when it does not open. */
  open(memberId: string, stored: string): OpenedSecret {
    if (LEGACY_PLAINTEXT.test(stored)) return { secret: stored, current: false };
    const [version, keyId, iv, ciphertext, tag, ...rest] = stored.split('.');
    if (version !== VERSION || !keyId || !iv || ciphertext === undefined || !tag || rest.length > 0)
      throw new UnreadableTotpSecret(`the TOTP secret of member ${memberId} is not a sealed text`, 'corrupt');
    const key = this.keys.get(keyId);
    if (!key)
      throw new UnreadableTotpSecret(
        `the TOTP secret of member ${memberId} is sealed with key id ${keyId}, which is neither ` +
          'AURA_TOTP_ENCRYPTION_KEY nor AURA_TOTP_ENCRYPTION_KEY_PREVIOUS',
        'unknown key',
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(memberId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const secret = Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return { secret, current: keyId === this.keyId };
    } catch {
      // A wrong tag, IV or ciphertext, or another member's text: GCM refuses it as a whole.
      throw new UnreadableTotpSecret(
        `the TOTP secret of member ${memberId} does not authenticate (altered, or another member's)`,
        'corrupt',
      );
    }
  }
}

function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('aura totp secret key id').digest('base64url').slice(0, 8);
}
