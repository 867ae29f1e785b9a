import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadIdentityConfig } from './config';

const pki = { AURA_INTERNAL_TLS_DIR: '/etc/aura/pki' };
/** Everything identity needs in production except the TOTP encryption key. */
const production = {
  ...pki,
  AURA_ENV: 'production',
  S3_ACCESS_KEY: 'a-real-access-key',
  S3_SECRET_KEY: 'a-real-secret-key',
  AURA_SUPER_ADMIN_PASSWORD: 'a-real-admin-password',
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  AURA_PUBLIC_URL: 'https://aura.example.com',
};
const key = () => randomBytes(32).toString('base64');

describe("identity's TOTP encryption key", () => {
  it('defaults to the development key of deploy/aura.env outside production; the previous one is optional', () => {
    const config = loadIdentityConfig({ ...pki, AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: '' });
    const auraEnv = readFileSync(join(__dirname, '../../../deploy/aura.env'), 'utf8');
    expect(config.AURA_TOTP_ENCRYPTION_KEY).toBe(/^AURA_TOTP_ENCRYPTION_KEY=(.*)$/m.exec(auraEnv)?.[1]);
    expect(Buffer.from(config.AURA_TOTP_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    expect(config.AURA_TOTP_ENCRYPTION_KEY_PREVIOUS).toBeUndefined();
  });

  it('is 32 bytes in base64, the previous one too', () => {
    expect(() => loadIdentityConfig({ ...pki, AURA_TOTP_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /AURA_TOTP_ENCRYPTION_KEY: expected 32 random bytes in base64/,
    );
    const sixteen = randomBytes(16).toString('base64');
    expect(() => loadIdentityConfig({ ...pki, AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: sixteen })).toThrow(
      /AURA_TOTP_ENCRYPTION_KEY_PREVIOUS/,
    );
  });

  it('must be set in production, and not to the published development key', () => {
    expect(() => loadIdentityConfig({ ...production })).toThrow(/set AURA_TOTP_ENCRYPTION_KEY in production/);
    const development = loadIdentityConfig({ ...pki }).AURA_TOTP_ENCRYPTION_KEY;
    expect(() => loadIdentityConfig({ ...production, AURA_TOTP_ENCRYPTION_KEY: development })).toThrow(
      /AURA_TOTP_ENCRYPTION_KEY is the published local default/,
    );
    const own = key();
    expect(
      loadIdentityConfig({ ...production, AURA_TOTP_ENCRYPTION_KEY: own }).AURA_TOTP_ENCRYPTION_KEY,
    ).toBe(own);
  });
});
