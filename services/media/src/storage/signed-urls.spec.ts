import { UrlSigner } from './signed-urls';

/** Signatures with this key, valid an hour. */
const signing = (secret: string) => ({
  AURA_MEDIA_SIGNING_SECRET: secret,
  AURA_MEDIA_SIGNED_URL_TTL_SECONDS: 3600,
});

describe('UrlSigner', () => {
  let now = 1_700_000_000_000;
  const signer = new UrlSigner(signing('a-test-secret-of-some-length'), () => now);

  it('signs messages/<file>:<expires> and verifies until expiry', () => {
    const path = signer.signedPath('messages/abc.jpg');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/api/media/messages/abc.jpg');
    const expires = url.searchParams.get('expires')!;
    const sig = url.searchParams.get('sig')!;
    expect(Number(expires)).toBe(1_700_000_000 + 3600);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.verify('messages/abc.jpg', expires, sig)).toBe(true);
    expect(signer.verify('messages/other.jpg', expires, sig)).toBe(false);
    expect(signer.verify('messages/abc.jpg', String(Number(expires) + 1), sig)).toBe(false);
    expect(
      signer.verify('messages/abc.jpg', expires, sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A')),
    ).toBe(false);
    expect(signer.verify('messages/abc.jpg', expires, '')).toBe(false);
    expect(signer.verify('messages/abc.jpg', 'soon', sig)).toBe(false);
    now += 3600 * 1000;
    expect(signer.verify('messages/abc.jpg', expires, sig)).toBe(false);
  });

  it('a signature made with another secret does not verify', () => {
    const other = new UrlSigner(signing('another-secret-of-some-length'), () => now);
    const expires = Math.floor(now / 1000) + 60;
    expect(signer.verify('messages/a.png', String(expires), other.sign('messages/a.png', expires))).toBe(
      false,
    );
  });
});
