import { InvalidInput, RuleViolation } from '@aura/platform';
import { media } from '@aura/proto';
import { KINDS, MediaCategory, sniffContent, SniffedKind } from './content-sniffer';

export const MiB = 1024 * 1024;

export const UploadMessages = {
  notAnImage: 'Please select an image file',
  imageTooLarge: 'Image too large. Maximum size is 5MB',
  unsupported: 'Unsupported media type',
  mismatch: 'File content does not match its type',
  bannerTooLarge: 'File too large. Maximum size is 25MB',
  fileTooLarge: 'File too large. Maximum size is 50MB',
} as const;

/** Where an upload goes: its S3 prefix (also the URL segment), what it accepts, how big it may be. */
export type Collection = 'posts' | 'profiles' | 'banners' | 'messages';

export interface PurposeRules {
  collection: Collection;
  purposeName: 'post' | 'profile_picture' | 'banner' | 'message';
  maxBytes: number;
  tooLarge: string;
  notAllowed: string;
  accepts(kind: SniffedKind, category: MediaCategory): boolean;
}

const IMAGE_KINDS: ReadonlySet<SniffedKind> = new Set(['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff']);
const BANNER_VIDEO_KINDS: ReadonlySet<SniffedKind> = new Set(['mp4', 'webm', 'mov', 'avi', 'wmv']);

const anyMedia = () => true;

export const PURPOSES: Readonly<Partial<Record<media.MediaPurpose, PurposeRules>>> = {
  [media.MediaPurpose.MEDIA_PURPOSE_POST]: {
    collection: 'posts',
    purposeName: 'post',
    maxBytes: 50 * MiB,
    tooLarge: UploadMessages.fileTooLarge,
    notAllowed: UploadMessages.unsupported,
    accepts: anyMedia,
  },
  [media.MediaPurpose.MEDIA_PURPOSE_PROFILE_PICTURE]: {
    collection: 'profiles',
    purposeName: 'profile_picture',
    maxBytes: 5 * MiB,
    tooLarge: UploadMessages.imageTooLarge,
    notAllowed: UploadMessages.notAnImage,
    accepts: (kind) => IMAGE_KINDS.has(kind),
  },
  [media.MediaPurpose.MEDIA_PURPOSE_BANNER]: {
    collection: 'banners',
    purposeName: 'banner',
    maxBytes: 25 * MiB,
    tooLarge: UploadMessages.bannerTooLarge,
    notAllowed: UploadMessages.unsupported,
    accepts: (kind, category) =>
      IMAGE_KINDS.has(kind) || (BANNER_VIDEO_KINDS.has(kind) && category === 'video'),
  },
  [media.MediaPurpose.MEDIA_PURPOSE_MESSAGE]: {
    collection: 'messages',
    purposeName: 'message',
    maxBytes: 50 * MiB,
    tooLarge: UploadMessages.fileTooLarge,
    notAllowed: UploadMessages.unsupported,
    accepts: anyMedia,
  },
};

export function rulesFor(purpose: media.MediaPurpose): PurposeRules {
  const rules = PURPOSES[purpose];
  if (!rules) throw new InvalidInput('purpose is required');
  return rules;
}

/** What an accepted upload is and how it is stored. */
export interface AcceptedUpload {
  kind: SniffedKind;
  category: MediaCategory;
  /** Content type stored with the object (before image re-encoding). */
  contentType: string;
  /** Extension of the stored file (before image re-encoding). */
  extension: string;
  rules: PurposeRules;
}

/** Claimed types that say nothing about the file. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'multipart/form-data']);
/** Extensions that mark a multi-purpose container as audio only. */
const AUDIO_EXTENSIONS = new Set(['weba', 'oga', 'opus', 'm4a', 'm4b', 'mka']);
const VIDEO_EXTENSIONS = new Set(['webm', 'ogv', 'mp4', 'm4v', 'mkv', '3gp', '3g2', '3gpp']);

export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

export function normalizeContentType(claimed: string): string {
  return claimed.split(';')[0].trim().toLowerCase();
}

function chooseCategory(kind: SniffedKind, extension: string, claimedType: string): MediaCategory {
  const { categories } = KINDS[kind];
  if (categories.length === 1) return categories[0];
  const claimed = claimedType.split('/')[0];
  if ((claimed === 'audio' || claimed === 'video') && categories.includes(claimed)) return claimed;
  if (AUDIO_EXTENSIONS.has(extension) && categories.includes('audio')) return 'audio';
  if (VIDEO_EXTENSIONS.has(extension) && categories.includes('video')) return 'video';
  return categories[0];
}

/**
 * Decides by the file's first bytes AND its name and claimed type: the bytes must be a kind we
 * accept for the purpose, and the extension and content type (when given) must agree with them.
 * Throws RuleViolation with the member-facing message otherwise.
 */
export function checkUpload(
  purpose: media.MediaPurpose,
  head: Buffer,
  filename: string,
  claimedContentType: string,
): AcceptedUpload {
  const rules = rulesFor(purpose);
  const kind = sniffContent(head);
  if (!kind) throw new RuleViolation(rules.notAllowed);
  const extension = extensionOf(filename);
  const claimed = normalizeContentType(claimedContentType);
  const category = chooseCategory(kind, extension, claimed);
  if (!rules.accepts(kind, category)) throw new RuleViolation(rules.notAllowed);

  const info = KINDS[kind];
  const specificType = !GENERIC_TYPES.has(claimed);
  if (!extension && !specificType) throw new RuleViolation(rules.notAllowed);
  if (extension && !info.extensions.includes(extension)) throw new RuleViolation(UploadMessages.mismatch);
  if (specificType && !info.contentTypes.includes(claimed)) throw new RuleViolation(UploadMessages.mismatch);

  return {
    kind,
    category,
    contentType: info.contentType[category] ?? Object.values(info.contentType)[0],
    extension: info.extension,
    rules,
  };
}

/** Throws the purpose's size message when `size` is over its limit. */
export function checkSize(rules: PurposeRules, size: number): void {
  if (size > rules.maxBytes) throw new RuleViolation(rules.tooLarge);
}
