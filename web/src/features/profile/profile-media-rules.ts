// Rules of the profile picture and banner (spec 000 §4 "Profile picture upload", "Banner upload",
// "Banner display"; §5 "Profile picture", "Banner"; §8 "Picture upload", "Banner upload"; §9 delays).
// Pure module (no DOM, no Vite): unit-tested under node.
import { ApiError } from '../../api/errors';
import { extensionOf, kindOfContentType, kindOfDataUrl } from '../../api/media-types';

export const ProfileMediaMessages = {
  notImage: 'Please select an image file',
  pictureTooLarge: 'Image too large. Maximum size is 5MB',
  pictureFailed: 'Failed to upload profile picture',
  bannerTooLarge: 'File too large. Maximum size is 25MB',
  bannerFailed: 'Failed to upload banner',
  bannerUpdated: 'Banner updated successfully!',
} as const;

/** Spec 000 §5: at most 5 MB = 5242880 bytes. */
export const MAX_PICTURE_BYTES = 5_242_880;
/** Spec 000 §5 and §9: stated maximum 25MB (the media service refuses more with the same text). */
export const MAX_BANNER_BYTES = 25 * 1024 * 1024;

/** Spec 000 §9: picture preview cleared 1.5 seconds after success; banner refresh delay 500 ms. */
export const PICTURE_REFRESH_DELAY_MS = 1500;
export const BANNER_REFRESH_DELAY_MS = 500;

/** Spec 000 §5: picture types jpeg, jpg, png, gif, webp, bmp, tiff. */
export const PICTURE_TYPES: readonly string[] = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'bmp', 'tiff'];
/** Spec 000 §4: a banner whose extension is one of these is a video. */
export const BANNER_VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'webm', 'mov', 'avi', 'wmv', 'mkv', '3gp'];

/** The file input's accept lists. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/bmp,image/tiff';
export const BANNER_ACCEPT = 'image/*,video/mp4,video/webm,video/quicktime,video/x-msvideo,video/x-ms-wmv';

/** MIME subtypes that name the listed picture types ("x-ms-bmp", "pjpeg", ... included). */
const PICTURE_SUBTYPES = new Set([...PICTURE_TYPES, 'pjpeg', 'x-png', 'x-ms-bmp', 'x-bmp', 'tif']);

interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** True when the file is one of the picture types, by its MIME type or, when that says nothing, its name. */
export function isPictureFile(file: Pick<PickedFile, 'name' | 'type'>): boolean {
  const type = file.type.trim().toLowerCase();
  if (type && type !== 'application/octet-stream') {
    const [major, subtype = ''] = type.split('/');
    return major === 'image' && PICTURE_SUBTYPES.has(subtype.split(';', 1)[0]!.trim());
  }
  return PICTURE_TYPES.includes(extensionOf(file.name));
}

/**
 * The client-side checks of a profile picture before it is sent (the server applies the same ones):
 * the message to show, or null when the file may be uploaded.
 */
export function checkPictureFile(file: PickedFile): string | null {
  if (!isPictureFile(file)) return ProfileMediaMessages.notImage;
  if (file.size > MAX_PICTURE_BYTES) return ProfileMediaMessages.pictureTooLarge;
  return null;
}

/** The banner's size check (its type is the server's to judge: spec 000 §5 shows no client type check). */
export function checkBannerFile(file: PickedFile): string | null {
  return file.size > MAX_BANNER_BYTES ? ProfileMediaMessages.bannerTooLarge : null;
}

/** Spec 000 §8: the server's detail, else the action's own message. */
export function uploadFailureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export type BannerKind = 'image' | 'video';

/** Spec 000 §4: a banner is a video when its extension is a video one (or a data: URL of a video). */
export function isBannerVideo(url: string): boolean {
  if (/^data:/i.test(url)) return kindOfDataUrl(url) === 'video';
  return BANNER_VIDEO_EXTENSIONS.includes(extensionOf(url));
}

/** Image or video, by extension first, then by the content type the HEAD check saw. */
export function bannerKind(url: string, contentType?: string | null): BannerKind {
  if (isBannerVideo(url)) return 'video';
  return kindOfContentType(contentType) === 'video' ? 'video' : 'image';
}

/** Spec 000 §4: the banner URL is used as is when its HEAD answers an image/* or video/* type. */
export function isDisplayableContentType(contentType: string | null | undefined): boolean {
  const kind = kindOfContentType(contentType);
  return kind === 'image' || kind === 'video';
}

/** True when `user` already carries every field of `expected` (e.g. the new picture URL). */
export function hasFields<T extends object>(user: T | null | undefined, expected: Partial<T>): boolean {
  if (!user) return false;
  return (Object.keys(expected) as (keyof T)[]).every((key) => user[key] === expected[key]);
}
