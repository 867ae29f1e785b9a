import { waitFor } from '@aura/platform/testing';
import { api, baseUrl } from './support/api';
import {
  fetchMedia,
  jpegWithGpsBytes,
  largePngBytes,
  memberToken,
  mp3Bytes,
  mp4Bytes,
  pngBytes,
  sharp,
  uploadFile,
  webmBytes,
} from './support/media-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('media through the gateway', () => {
  let token: string;

  beforeAll(async () => {
    token = await memberToken();
  });

  it('reports media in /api/health', async () => {
    const health = await api('GET', '/health');
    expect(health).toMatchObject({ status: 200, body: { checks: { media: 'ok' } } });
  });

  it('stores a PNG and serves it back (GET and HEAD) with its type, size and cache validators', async () => {
    const png = await pngBytes();
    const upload = await uploadFile(
      '/media/upload',
      { bytes: png, name: 'sunset.png', type: 'image/png' },
      { token },
    );
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ file_type: 'image', filename: expect.any(String) });
    expect(upload.body.file_url).toMatch(/^\/api\/media\/posts\/[^/?]+$/);
    expect(upload.body.file_url.endsWith(upload.body.filename)).toBe(true);
    expect(typeof upload.body.variants).toBe('object');

    const got = await fetchMedia(upload.body.file_url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-length')).toBe(String(got.bytes.length));
    expect(got.headers.get('accept-ranges')).toBe('bytes');
    expect(got.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(got.headers.get('etag')).toBeTruthy();
    expect(got.headers.get('last-modified')).toBeTruthy();
    expect((await sharp(got.bytes).metadata()).format).toBe('png');

    const head = await fetchMedia(upload.body.file_url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.headers.get('content-length')).toBe(String(got.bytes.length));
    expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    expect(head.bytes.length).toBe(0);

    const again = await fetchMedia(upload.body.file_url, {
      headers: { 'if-none-match': got.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('strips EXIF (GPS included) from a JPEG before serving it', async () => {
    const jpeg = await jpegWithGpsBytes();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const upload = await uploadFile(
      '/media/upload',
      { bytes: jpeg, name: 'IMG_0042.JPG', type: 'image/jpeg' },
      { token },
    );
    expect(upload).toMatchObject({ status: 200, body: { file_type: 'image' } });

    const got = await fetchMedia(upload.body.file_url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(got.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(got.bytes.includes(Buffer.from('AuraCam'))).toBe(false);
  });

  it.each([
    ['an MP4 video', mp4Bytes(), 'clip.mp4', 'video/mp4', 'video', 'video/mp4'],
    ['an MP3', mp3Bytes(), 'song.mp3', 'audio/mpeg', 'audio', 'audio/mpeg'],
    ['a WebM voice note', webmBytes(), 'voice.webm', 'audio/webm', 'audio', 'audio/webm'],
  ])(
    'stores %s and serves it whole and by byte ranges',
    async (_label, bytes, name, claimed, fileType, servedType) => {
      const upload = await uploadFile('/media/upload', { bytes, name, type: claimed }, { token });
      expect(upload.status).toBe(200);
      expect(upload.body.file_type).toBe(fileType);
      const url: string = upload.body.file_url;

      const whole = await fetchMedia(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe(servedType);
      expect(whole.headers.get('content-length')).toBe(String(bytes.length));
      expect(whole.bytes.equals(bytes)).toBe(true);

      const head = await fetchMedia(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(servedType);
      expect(head.headers.get('content-length')).toBe(String(bytes.length));
      expect(head.headers.get('accept-ranges')).toBe('bytes');

      const middle = await fetchMedia(url, { headers: { range: 'bytes=100-70099' } });
      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe(`bytes 100-70099/${bytes.length}`);
      expect(middle.headers.get('content-length')).toBe('70000');
      expect(middle.headers.get('content-type')).toBe(servedType);
      expect(middle.bytes.equals(bytes.subarray(100, 70100))).toBe(true);

      const open = await fetchMedia(url, { headers: { range: `bytes=${bytes.length - 10}-` } });
      expect(open.status).toBe(206);
      expect(open.headers.get('content-range')).toBe(
        `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
      );
      expect(open.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);

      const suffix = await fetchMedia(url, { headers: { range: 'bytes=-500' } });
      expect(suffix.status).toBe(206);
      expect(suffix.bytes.equals(bytes.subarray(bytes.length - 500))).toBe(true);

      const beyond = await fetchMedia(url, { headers: { range: `bytes=${bytes.length}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    },
  );

  it('refuses a profile picture over 5 MB: 400 "Image too large. Maximum size is 5MB"', async () => {
    const big = await largePngBytes(1400, 1300);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const upload = await uploadFile(
      '/profile/upload-picture',
      { bytes: big, name: 'huge.png', type: 'image/png' },
      { token },
    );
    expect(upload).toEqual({ status: 400, body: { detail: 'Image too large. Maximum size is 5MB' } });
  });

  it('refuses a text file as a profile picture: 400 "Please select an image file"', async () => {
    const upload = await uploadFile(
      '/profile/upload-picture',
      { bytes: Buffer.from('just some words, not a picture\n'), name: 'notes.txt', type: 'text/plain' },
      { token },
    );
    expect(upload).toEqual({ status: 400, body: { detail: 'Please select an image file' } });
  });

  it('stores a profile picture and answers its URL', async () => {
    const upload = await uploadFile(
      '/profile/upload-picture',
      { bytes: await pngBytes(), name: 'me.png', type: 'image/png' },
      { token },
    );
    expect(upload.status).toBe(200);
    expect(upload.body.profile_picture_url).toMatch(/^\/api\/media\/profiles\/[^/?]+$/);
    const got = await fetchMedia(upload.body.profile_picture_url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/^image\//);
    // identity takes the new picture from media's event: the member shows it shortly after.
    const me = await waitFor(
      async () => {
        const answer = await api('GET', '/auth/me', { token });
        return answer.body.profile_picture === upload.body.profile_picture_url ? answer : undefined;
      },
      { what: 'the member to show the new profile picture', timeoutMs: 20000, intervalMs: 250 },
    );
    expect(me.status).toBe(200);
  });

  it('refuses PNG bytes named .mp3: 400 "File content does not match its type"', async () => {
    const upload = await uploadFile(
      '/media/upload',
      { bytes: await pngBytes(), name: 'song.mp3', type: 'audio/mpeg' },
      { token },
    );
    expect(upload).toEqual({ status: 400, body: { detail: 'File content does not match its type' } });
  });

  it('needs a token to upload (401) and the field `file` (422)', async () => {
    const png = await pngBytes();
    const anonymous = await uploadFile('/media/upload', { bytes: png, name: 'a.png', type: 'image/png' });
    expect(anonymous).toMatchObject({ status: 401, body: { detail: expect.any(String) } });

    const wrongField = await uploadFile(
      '/media/upload',
      { bytes: png, name: 'a.png', type: 'image/png' },
      { token, field: 'picture' },
    );
    expect(wrongField).toEqual({ status: 422, body: { detail: 'file is required' } });

    const notMultipart = await api('POST', '/media/upload', { token, body: { file: 'a.png' } });
    expect(notMultipart).toEqual(
      expect.objectContaining({ status: 422, body: { detail: 'file is required' } }),
    );
  });

  it('stores a banner, serves it, and gives it as a data: URL at /media/banners/<file> (no /api)', async () => {
    const png = await pngBytes(120, 30);
    const upload = await uploadFile(
      '/profile/upload-banner',
      { bytes: png, name: 'banner.png', type: 'image/png' },
      { token },
    );
    expect(upload.status).toBe(200);
    expect(upload.body.banner_url).toMatch(/^\/api\/media\/banners\/[^/?]+$/);

    const head = await fetchMedia(upload.body.banner_url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^image\//);

    const filename = upload.body.banner_url.split('/').pop();
    const response = await fetch(`${baseUrl}/media/banners/${filename}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data_url: string };
    expect(body.data_url).toMatch(/^data:image\/[a-z+]+;base64,/);
    const decoded = Buffer.from(body.data_url.split(',')[1], 'base64');
    expect((await sharp(decoded).metadata()).width).toBe(120);
  });

  it('answers 404 for a file that does not exist or a collection that is not one', async () => {
    expect((await fetchMedia('/api/media/posts/000000000000000000000000.jpg')).status).toBe(404);
    expect((await fetchMedia('/api/media/secrets/whatever.jpg')).status).toBe(404);
  });

  it('refuses a message attachment URL without its signature: 403', async () => {
    const got = await fetchMedia('/api/media/messages/000000000000000000000000.jpg');
    expect(got.status).toBe(403);
    const expired = await fetchMedia('/api/media/messages/000000000000000000000000.jpg?expires=1&sig=abc');
    expect(expired.status).toBe(403);
  });

  it('still serves the web app at /', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});
