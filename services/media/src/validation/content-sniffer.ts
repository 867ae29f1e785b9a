/**
 * Decides what a file really is from its first bytes (magic numbers), never from its name.
 * Feed it the first few KiB of the file (4 KiB is plenty for every kind below).
 */
export type MediaCategory = 'image' | 'video' | 'audio';

export type SniffedKind =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'mp4'
  | 'm4a'
  | 'mov'
  | '3gp'
  | 'webm'
  | 'mkv'
  | 'avi'
  | 'wmv'
  | 'flv'
  | 'ogg'
  | 'mp3'
  | 'wav'
  | 'aac'
  | 'aiff'
  | 'flac';

export interface KindInfo {
  /** The categories the container can hold (a WebM or Ogg file may be audio only). */
  categories: readonly MediaCategory[];
  /** The content type the object is stored with, per category. */
  contentType: Partial<Record<MediaCategory, string>>;
  /** The extension the stored file gets. */
  extension: string;
  /** Extensions (lower case, no dot) a file of this kind may carry. */
  extensions: readonly string[];
  /** Content types a browser may claim for this kind (lower case, no parameters). */
  contentTypes: readonly string[];
}

export const KINDS: Readonly<Record<SniffedKind, KindInfo>> = {
  jpeg: image(
    'image/jpeg',
    'jpg',
    ['jpg', 'jpeg', 'jpe', 'jfif'],
    ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  ),
  png: image('image/png', 'png', ['png'], ['image/png', 'image/x-png', 'image/apng']),
  gif: image('image/gif', 'gif', ['gif'], ['image/gif']),
  webp: image('image/webp', 'webp', ['webp'], ['image/webp']),
  bmp: image('image/bmp', 'bmp', ['bmp', 'dib'], ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp']),
  tiff: image('image/tiff', 'tiff', ['tif', 'tiff'], ['image/tiff', 'image/tif', 'image/x-tiff']),
  mp4: {
    categories: ['video', 'audio'],
    contentType: { video: 'video/mp4', audio: 'audio/mp4' },
    extension: 'mp4',
    extensions: ['mp4', 'm4v', 'm4a'],
    contentTypes: ['video/mp4', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  },
  m4a: {
    categories: ['audio'],
    contentType: { audio: 'audio/mp4' },
    extension: 'm4a',
    extensions: ['m4a', 'm4b', 'mp4'],
    contentTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'],
  },
  mov: video('video/quicktime', 'mov', ['mov', 'qt'], ['video/quicktime', 'video/mov']),
  '3gp': {
    categories: ['video', 'audio'],
    contentType: { video: 'video/3gpp', audio: 'audio/3gpp' },
    extension: '3gp',
    extensions: ['3gp', '3gpp', '3g2'],
    contentTypes: ['video/3gpp', 'video/3gpp2', 'audio/3gpp', 'audio/3gpp2'],
  },
  webm: {
    categories: ['video', 'audio'],
    contentType: { video: 'video/webm', audio: 'audio/webm' },
    extension: 'webm',
    extensions: ['webm', 'weba'],
    contentTypes: ['video/webm', 'audio/webm'],
  },
  mkv: {
    categories: ['video', 'audio'],
    contentType: { video: 'video/x-matroska', audio: 'audio/x-matroska' },
    extension: 'mkv',
    extensions: ['mkv', 'mka'],
    contentTypes: ['video/x-matroska', 'video/matroska', 'audio/x-matroska', 'audio/matroska'],
  },
  avi: video('video/x-msvideo', 'avi', ['avi'], ['video/x-msvideo', 'video/avi', 'video/msvideo']),
  wmv: video('video/x-ms-wmv', 'wmv', ['wmv', 'asf'], ['video/x-ms-wmv', 'video/x-ms-asf', 'video/wmv']),
  flv: video('video/x-flv', 'flv', ['flv'], ['video/x-flv', 'video/flv']),
  ogg: {
    categories: ['audio', 'video'],
    contentType: { audio: 'audio/ogg', video: 'video/ogg' },
    extension: 'ogg',
    extensions: ['ogg', 'oga', 'ogv', 'opus'],
    contentTypes: ['audio/ogg', 'video/ogg', 'application/ogg', 'audio/opus'],
  },
  mp3: audio('audio/mpeg', 'mp3', ['mp3'], ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3']),
  wav: audio('audio/wav', 'wav', ['wav'], ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']),
  aac: audio('audio/aac', 'aac', ['aac'], ['audio/aac', 'audio/x-aac', 'audio/aacp']),
  aiff: audio('audio/aiff', 'aiff', ['aif', 'aiff', 'aifc'], ['audio/aiff', 'audio/x-aiff']),
  flac: audio('audio/flac', 'flac', ['flac'], ['audio/flac', 'audio/x-flac']),
};

function image(contentType: string, extension: string, extensions: string[], types: string[]): KindInfo {
  return {
    categories: ['image'],
    contentType: { image: contentType },
    extension,
    extensions,
    contentTypes: types,
  };
}
function video(contentType: string, extension: string, extensions: string[], types: string[]): KindInfo {
  return {
    categories: ['video'],
    contentType: { video: contentType },
    extension,
    extensions,
    contentTypes: types,
  };
}
function audio(contentType: string, extension: string, extensions: string[], types: string[]): KindInfo {
  return {
    categories: ['audio'],
    contentType: { audio: contentType },
    extension,
    extensions,
    contentTypes: types,
  };
}

const ascii = (bytes: Buffer, offset: number, text: string) =>
  bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

const startsWith = (bytes: Buffer, magic: number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((value, i) => bytes[offset + i] === value);

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];

/** Major brands of ISO base media files (ftyp box), by kind. HEIF/AVIF and others are not accepted. */
const FTYP_BRANDS: Record<string, SniffedKind> = {
  'qt  ': 'mov',
  'M4A ': 'm4a',
  'M4B ': 'm4a',
  'M4P ': 'm4a',
  'F4A ': 'm4a',
  'M4V ': 'mp4',
  M4VH: 'mp4',
  M4VP: 'mp4',
  isom: 'mp4',
  iso2: 'mp4',
  iso3: 'mp4',
  iso4: 'mp4',
  iso5: 'mp4',
  iso6: 'mp4',
  mp41: 'mp4',
  mp42: 'mp4',
  mp71: 'mp4',
  avc1: 'mp4',
  dash: 'mp4',
  mmp4: 'mp4',
  MSNV: 'mp4',
  NDAS: 'mp4',
  'f4v ': 'mp4',
  'F4V ': 'mp4',
};

function sniffFtyp(bytes: Buffer): SniffedKind | undefined {
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 12) return undefined;
  const brand = bytes.toString('latin1', 8, 12);
  if (FTYP_BRANDS[brand]) return FTYP_BRANDS[brand];
  if (
    brand.startsWith('3gp') ||
    brand.startsWith('3g2') ||
    brand.startsWith('3ge') ||
    brand.startsWith('3gg')
  )
    return '3gp';
  return undefined;
}

/** Matroska and WebM share EBML; the DocType element (id 0x4282) names which one. */
function sniffEbml(bytes: Buffer): SniffedKind | undefined {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return undefined;
  const limit = Math.min(bytes.length - 3, 4096);
  for (let i = 4; i < limit; i++) {
    if (bytes[i] !== 0x42 || bytes[i + 1] !== 0x82) continue;
    const sizeByte = bytes[i + 2];
    // EBML variable-length size: the position of the first set bit gives its length.
    let length = 1;
    while (length <= 8 && !(sizeByte & (0x80 >> (length - 1)))) length++;
    if (length > 8) return undefined;
    let size = sizeByte & (0xff >> length);
    for (let k = 1; k < length; k++) size = size * 256 + (bytes[i + 2 + k] ?? 0);
    const start = i + 2 + length;
    const docType = bytes.toString('latin1', start, start + size).replace(/\0+$/, '');
    if (docType === 'webm') return 'webm';
    if (docType === 'matroska') return 'mkv';
    return undefined;
  }
  return undefined;
}

/** An MPEG-1/2/2.5 audio frame header (layer I–III) at `offset`. */
function isMpegFrame(bytes: Buffer, offset: number): boolean {
  if (bytes.length < offset + 4) return false;
  const [b0, b1, b2] = [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const sampleRate = (b2 >> 2) & 0x03;
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/** An AAC ADTS frame header at `offset` (12-bit sync, layer 00). */
function isAdtsFrame(bytes: Buffer, offset: number): boolean {
  if (bytes.length < offset + 7) return false;
  const [b0, b1, b2] = [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
  if (b0 !== 0xff || (b1 & 0xf6) !== 0xf0) return false;
  const samplingIndex = (b2 >> 2) & 0x0f;
  return samplingIndex < 13;
}

function sniffAt(bytes: Buffer): SniffedKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF')) {
    if (ascii(bytes, 8, 'WEBP')) return 'webp';
    if (ascii(bytes, 8, 'WAVE')) return 'wav';
    if (ascii(bytes, 8, 'AVI ')) return 'avi';
    return undefined;
  }
  // BMP: "BM", then the file size, then two reserved words that are zero.
  if (ascii(bytes, 0, 'BM') && bytes.length >= 14 && bytes.readUInt32LE(6) === 0) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  const ftyp = sniffFtyp(bytes);
  if (ftyp) return ftyp;
  const ebml = sniffEbml(bytes);
  if (ebml) return ebml;
  if (startsWith(bytes, ASF_GUID)) return 'wmv';
  if (ascii(bytes, 0, 'FLV') && bytes[3] === 0x01) return 'flv';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  if (ascii(bytes, 0, 'fLaC')) return 'flac';
  if (ascii(bytes, 0, 'FORM') && (ascii(bytes, 8, 'AIFF') || ascii(bytes, 8, 'AIFC'))) return 'aiff';
  if (isAdtsFrame(bytes, 0)) return 'aac';
  if (isMpegFrame(bytes, 0)) return 'mp3';
  return undefined;
}

/** The kind of the file whose first bytes are given, or undefined when it is none we accept. */
export function sniffContent(head: Buffer): SniffedKind | undefined {
  // An ID3v2 tag (mostly before MP3, sometimes before AAC or FLAC): look past it when we can.
  if (ascii(head, 0, 'ID3') && head.length >= 10) {
    const tagSize =
      ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) | (head[9] & 0x7f);
    const footer = head[5] & 0x10 ? 10 : 0;
    const after = head.subarray(10 + tagSize + footer);
    if (after.length >= 4) {
      const inner = sniffAt(after);
      if (inner === 'aac' || inner === 'flac') return inner;
    }
    return 'mp3';
  }
  return sniffAt(head);
}
