import { createHmac } from 'node:crypto';
import { AttachmentUrlSigner } from './attachment-urls';

const SECRET = 'a-test-secret-of-some-length';

describe('message attachment URLs, signed fresh at every read', () => {
  it('re-signs a stored (old, expired) URL with media’s scheme, valid for the TTL from now', () => {
    const now = 1_800_000_000_000;
    const signer = new AttachmentUrlSigner(SECRET, 900, () => now);
    const fresh = signer.fresh('/api/media/messages/abc123.jpg?expires=1700000000&sig=old');
    const url = new URL(fresh, 'http://x');
    expect(url.pathname).toBe('/api/media/messages/abc123.jpg');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBe(now / 1000 + 900);
    const expected = createHmac('sha256', SECRET)
      .update(`messages/abc123.jpg:${expires}`)
      .digest('base64url');
    expect(url.searchParams.get('sig')).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    const signer = new AttachmentUrlSigner(SECRET, 900);
    for (const url of ['/api/media/posts/a.jpg', 'https://example.com/x.png', '', '/api/media/messages/../x'])
      expect(signer.fresh(url)).toBe(url);
  });
});
