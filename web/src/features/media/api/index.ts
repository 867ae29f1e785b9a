// The app's uploader instance and where media is served from (browser only: it uses the app's API client).
import { api, tokenStore } from '../../../api';
import { createUploader } from './uploader';

/**
 * The backend host that relative media URLs are prefixed with (spec 000 §7). The gateway serves the
 * app, so it is the page's own origin, as for the API client.
 */
export const BACKEND_HOST = '';

/** Multipart upload with progress, bearer token from the token store, one refresh on 401. */
export const uploadFile = createUploader({
  tokenStore,
  refreshSession: () => api.refreshSession(),
  baseUrl: BACKEND_HOST,
});

export type { UploadAnswers, UploadOptions, UploadPath } from './uploader';
