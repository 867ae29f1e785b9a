// Media: the uploader (create dialog, chat attachments) and the display of stored media.
export { MediaUploader } from './components/MediaUploader';
export { MediaDisplay } from './components/MediaDisplay';
export { uploadFile, BACKEND_HOST } from './api';
export type { UploadOptions } from './api';
