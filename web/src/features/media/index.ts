// Media: the uploader (create dialog, chat attachments) and the display of stored media.
export { MediaUploader, type MediaUploaderProps } from './components/MediaUploader';
export { MediaDisplay, MediaDisplayMessages, type MediaDisplayProps } from './components/MediaDisplay';
export type { UploadedMedia } from './hooks/useMediaUpload';
export { uploadFile, BACKEND_HOST } from './api';
export {
  absoluteMediaUrl,
  alternateMediaUrls,
  extensionOf,
  kindOfContentType,
  kindOfDataUrl,
  mediaFileName,
  mediaKindFromUrl,
  resolveMediaKind,
  type MediaKind,
} from './media-types';
export { MediaMessages, MAX_RECORDING_SECONDS } from './recording';
