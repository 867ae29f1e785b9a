import { randomBytes } from 'node:crypto';
import { api, baseUrl, newMember, type Loose } from './api';

// sharp is a dependency of the media service; the tests only use it to make and read real images.
export const sharp = require('sharp') as typeof import('sharp');

/** A signed-in member's access token. */
export async function memberToken(prefix = 'media'): Promise<string> {
  const answer = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return answer.body.access_token as string;
}

/** Sends one file as the multipart field `file` (or another field name) to an upload route. */
export async function uploadFile(
  path: string,
  file: { bytes: Buffer; name: string; type: string },
  options: { token?: string; field?: string } = {},
): Promise<{ status: number; body: Loose }> {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type }),
    file.name,
  );
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Fetches a served media URL (relative to the gateway), with the body as bytes. */
export async function fetchMedia(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(new URL(url, baseUrl), init);
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7b2ff7' } })
    .png()
    .toBuffer();
}

/** A JPEG carrying camera and GPS EXIF (IFD3 is the GPS directory). */
export function jpegWithGpsBytes(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#f72f6b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AuraCam', Model: 'Leaky 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .toBuffer();
}

/** A PNG of noise, stored uncompressed: about width × height × 3 bytes. */
export function largePngBytes(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** An MP4: an `ftyp` box (isom, mp41 compatible), then `free` and `mdat` boxes of `size` bytes in all. */
export function mp4Bytes(size = 200 * 1024): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from('isom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2avc1mp41'),
    ]),
  );
  const free = box('free', Buffer.alloc(8));
  const mdat = box('mdat', randomBytes(Math.max(0, size - ftyp.length - free.length - 8)));
  return Buffer.concat([ftyp, free, mdat]);
}

/** An MP3: an ID3v2.4 header (no tags) then MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, 417 bytes). */
export function mp3Bytes(frames = 300): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(417 - 4)]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, frame)]);
}

function ebml(id: number[], payload: Buffer): Buffer {
  // Sizes are written as 8-byte EBML varints (0x01 marker + 7 bytes).
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(payload.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, payload]);
}

/** WebM (audio): the EBML header with DocType "webm", then a Segment holding opaque bytes. */
export function webmBytes(size = 150 * 1024): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], Buffer.from([1])),
      ebml([0x42, 0xf7], Buffer.from([1])),
      ebml([0x42, 0xf2], Buffer.from([4])),
      ebml([0x42, 0xf3], Buffer.from([8])),
      ebml([0x42, 0x82], Buffer.from('webm', 'latin1')),
      ebml([0x42, 0x87], Buffer.from([4])),
      ebml([0x42, 0x85], Buffer.from([2])),
    ]),
  );
  const segment = ebml([0x18, 0x53, 0x80, 0x67], randomBytes(Math.max(0, size - header.length - 12)));
  return Buffer.concat([header, segment]);
}
