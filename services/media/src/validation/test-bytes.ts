// Minimal real file heads, built byte by byte, for the sniffer and rules tests (not shipped: no import from src).
const pad = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'latin1');

export const ftyp = (brand: string, compatible: string[] = ['isom']) =>
  Buffer.concat([
    u32be(16 + 4 * compatible.length),
    text('ftyp'),
    text(brand),
    u32be(0x200),
    ...compatible.map(text),
  ]);

/** An EBML header with the given DocType, then the start of a Segment. */
export const ebml = (docType: string) => {
  const doc = text(docType);
  const body = Buffer.concat([
    bytes(0x42, 0x86, 0x81, 0x01), // EBMLVersion 1
    bytes(0x42, 0xf7, 0x81, 0x01), // EBMLReadVersion 1
    bytes(0x42, 0xf2, 0x81, 0x04), // EBMLMaxIDLength 4
    bytes(0x42, 0xf3, 0x81, 0x08), // EBMLMaxSizeLength 8
    bytes(0x42, 0x82, 0x80 | doc.length),
    doc,
    bytes(0x42, 0x87, 0x81, 0x04), // DocTypeVersion
    bytes(0x42, 0x85, 0x81, 0x02), // DocTypeReadVersion
  ]);
  return Buffer.concat([
    bytes(0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length),
    body,
    bytes(0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  ]);
};

const riff = (form: string) => Buffer.concat([text('RIFF'), u32le(1000), text(form)]);

export const HEADS = {
  jpeg: pad(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...text('JFIF\0'))),
  png: pad(Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), u32be(13), text('IHDR')])),
  gif: pad(text('GIF89a')),
  webp: pad(Buffer.concat([riff('WEBP'), text('VP8 ')])),
  bmp: pad(Buffer.concat([text('BM'), u32le(70), u32le(0), u32le(54), u32le(40)])),
  tiffLe: pad(bytes(0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0)),
  tiffBe: pad(bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8)),
  mp4: pad(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41'])),
  m4a: pad(ftyp('M4A ', ['M4A ', 'mp42', 'isom'])),
  mov: pad(ftyp('qt  ', ['qt  '])),
  threeGp: pad(ftyp('3gp4', ['3gp4', 'isom'])),
  heic: pad(ftyp('heic', ['mif1', 'heic'])),
  webm: pad(ebml('webm')),
  mkv: pad(ebml('matroska')),
  avi: pad(Buffer.concat([riff('AVI '), text('LIST')])),
  wav: pad(Buffer.concat([riff('WAVE'), text('fmt ')])),
  wmv: pad(
    bytes(0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c),
  ),
  flv: pad(Buffer.concat([text('FLV'), bytes(0x01, 0x05, 0, 0, 0, 9)])),
  ogg: pad(Buffer.concat([text('OggS'), bytes(0x00, 0x02), Buffer.alloc(20), text('OpusHead')])),
  /** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz frame header. */
  mp3Frame: pad(bytes(0xff, 0xfb, 0x90, 0x64)),
  mp3Id3: pad(
    Buffer.concat([
      text('ID3'),
      bytes(0x04, 0x00, 0x00, 0, 0, 0, 0x0a),
      Buffer.alloc(10),
      bytes(0xff, 0xfb, 0x90, 0x64),
    ]),
  ),
  /** AAC-LC ADTS, 44.1 kHz, stereo. */
  aac: pad(bytes(0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc)),
  aiff: pad(Buffer.concat([text('FORM'), u32be(1000), text('AIFF'), text('COMM')])),
  flac: pad(Buffer.concat([text('fLaC'), bytes(0x00, 0x00, 0x00, 0x22)])),
  text: pad(text('hello, this is not an image at all\n')),
};
