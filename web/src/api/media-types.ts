// What a media URL is and where else it may be found (spec 000 §4 "Media failure", §5 "Media type",
// §7 "Relative media URLs are prefixed with the backend host ... fallback paths").
// Pure module (no DOM, no Vite): unit-tested under node.

export type MediaKind = 'image' | 'video' | 'audio';

/** Spec 000 §5: "images jpg, jpeg, png, gif, webp, bmp, tiff; video mp4, webm, mov, avi, wmv, mkv, 3gp; audio ...". */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff'];
export const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'webm', 'mov', 'avi', 'wmv', 'mkv', '3gp'];
export const AUDIO_EXTENSIONS: readonly string[] = ['mp3', 'wav', 'ogg', 'aac', 'aiff', 'flac', 'm4a'];

const KINDS: readonly MediaKind[] = ['image', 'video', 'audio'];

/** Spec 000 §4: alternate URLs are tried up to 3 times, then "Media temporarily unavailable". */
export const MAX_MEDIA_ATTEMPTS = 3;

/** The path part of a URL without query or fragment. */
function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? '';
}

/** The last path segment of a URL ("abc.jpg" of "/api/media/posts/abc.jpg?sig=1"), or null. */
export function mediaFileName(url: string): string | null {
  if (/^(data|blob):/i.test(url)) return null;
  const segment = pathOf(url).split('/').pop() ?? '';
  return segment === '' ? null : segment;
}

/** Lower-case extension of a URL's file name, without the dot ('' when there is none). */
export function extensionOf(url: string): string {
  const name = mediaFileName(url);
  if (!name) return '';
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind of a MIME type ("video/mp4" → video), or null. */
export function kindOfContentType(contentType: string | null | undefined): MediaKind | null {
  const major = (contentType ?? '').trim().toLowerCase().split('/', 1)[0];
  return KINDS.find((kind) => kind === major) ?? null;
}

/** The kind of a `data:` URL by its MIME type, or null for anything else. */
export function kindOfDataUrl(url: string): MediaKind | null {
  const match = /^data:([^;,]*)/i.exec(url);
  return match ? kindOfContentType(match[1]) : null;
}

/** The kind by the file extension (spec 000 §5 lists), or null when the extension is not listed. */
export function mediaKindFromUrl(url: string): MediaKind | null {
  const fromData = kindOfDataUrl(url);
  if (fromData) return fromData;
  const extension = extensionOf(url);
  if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
  if (AUDIO_EXTENSIONS.includes(extension)) return 'audio';
  return null;
}

/**
 * What to render for a URL and its declared type: the type itself when it is image, video or audio
 * (or a MIME type of one of those); guessed from the extension when the type is unspecified or
 * 'multimedia' (spec 000 §5). Null means "Unsupported media type".
 */
export function resolveMediaKind(url: string, type?: string | null): MediaKind | null {
  const declared = (type ?? '').trim().toLowerCase();
  if (declared === '' || declared === 'multimedia') return mediaKindFromUrl(url);
  if ((KINDS as readonly string[]).includes(declared)) return declared as MediaKind;
  return kindOfContentType(declared.includes('/') ? declared : null);
}

/** A URL the browser can load: absolute, data: and blob: URLs as they are, relative ones on `host`. */
export function absoluteMediaUrl(url: string, host: string): string {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url;
  const base = host.replace(/\/+$/, '');
  return url.startsWith('/') ? `${base}${url}` : `${base}/${url}`;
}

/**
 * The URLs to try, in order, at most MAX_MEDIA_ATTEMPTS: the original (on the backend host when
 * relative), then the file under /api/media/posts/ and /api/media/profiles/ (spec 000 §7).
 */
export function alternateMediaUrls(url: string, host: string): string[] {
  const original = absoluteMediaUrl(url, host);
  const file = mediaFileName(url);
  const base = host.replace(/\/+$/, '');
  const candidates = file
    ? [original, `${base}/api/media/posts/${file}`, `${base}/api/media/profiles/${file}`]
    : [original];
  return [...new Set(candidates)].slice(0, MAX_MEDIA_ATTEMPTS);
}

/** The URL of a manual retry: a fresh query parameter so the browser does not reuse a failed answer. */
export function withRetryParam(url: string, retry: number): string {
  if (retry <= 0 || /^(data|blob):/i.test(url)) return url;
  const [beforeHash, hash] = url.split('#', 2) as [string, string | undefined];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}retry=${retry}${hash === undefined ? '' : `#${hash}`}`;
}

/** The kind of a picked file: by its MIME type, else by its name's extension. */
export function kindOfFile(file: { type: string; name: string }): MediaKind | null {
  return kindOfContentType(file.type) ?? mediaKindFromUrl(file.name);
}
