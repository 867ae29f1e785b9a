// Multipart uploads with progress (spec 000 §7 "POST /profile/upload-picture: multipart field file,
// reports progress"; spec 001 §7 /media/upload). fetch cannot report upload progress, so this one
// path uses XMLHttpRequest; everything else about a call stays as in the API client: the bearer token
// from the token store, one session refresh on 401, failures as ApiError with the catalogue message.
import {
  ApiError,
  CANCELLED_CODE,
  NETWORK_CODE,
  NETWORK_MESSAGE,
  type ApiFailure,
} from '../../../api/errors';
import type { components } from '../../../api/schema';
import { REQUEST_TIMEOUT_MS } from '../../../api/timeout';
import type { TokenStore } from '../../../api/token-store';
import { uploadPercent } from '../recording';

type Schemas = components['schemas'];

/** The upload routes and what each answers. */
export interface UploadAnswers {
  '/api/media/upload': Schemas['MediaUploadResponse'];
  '/api/profile/upload-picture': Schemas['ProfilePictureUploadResponse'];
  '/api/profile/upload-banner': Schemas['BannerUploadResponse'];
}
export type UploadPath = keyof UploadAnswers;

export interface UploadOptions {
  /** Told the percent of the file sent so far (0-100). */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload (an ApiError whose `isCancelled` is true). */
  signal?: AbortSignal;
  /** The multipart file name; defaults to the File's own name. */
  fileName?: string;
}

export interface UploaderDeps {
  tokenStore: TokenStore;
  /** A new access token from the refresh cookie, or null when the session is over. */
  refreshSession: () => Promise<string | null>;
  /** Origin of the gateway; '' for the page's own origin. */
  baseUrl: string;
  /**
   * The upload is abandoned after this long without any progress (spec 000 §7: 45 s). It is an idle
   * limit, not a total one, so a large video on a slow but working connection still completes.
   */
  idleTimeoutMs?: number;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createUploader(deps: UploaderDeps) {
  const idleTimeoutMs = deps.idleTimeoutMs ?? REQUEST_TIMEOUT_MS;

  function send(path: UploadPath, form: FormData, token: string | null, options: UploadOptions) {
    return new Promise<RawAnswer>((resolve, reject) => {
      const { signal, onProgress } = options;
      const xhr = new XMLHttpRequest();
      let idle: ReturnType<typeof setTimeout> | undefined;
      let settled = false;

      const cleanup = () => {
        settled = true;
        clearTimeout(idle);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (failure: ApiFailure) => {
        if (settled) return;
        cleanup();
        reject(new ApiError(failure));
      };
      const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          fail({ kind: 'transport', code: 'ECONNABORTED', message: 'upload timed out' });
          xhr.abort();
        }, idleTimeoutMs);
      };
      function onAbort() {
        fail({ kind: 'transport', code: CANCELLED_CODE, message: 'upload cancelled' });
        xhr.abort();
      }

      if (signal?.aborted) {
        reject(new ApiError({ kind: 'transport', code: CANCELLED_CODE, message: 'upload cancelled' }));
        return;
      }
      signal?.addEventListener('abort', onAbort);

      xhr.open('POST', `${deps.baseUrl}${path}`);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        arm();
        if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
      };
      xhr.onprogress = arm;
      xhr.onload = () => {
        if (settled) return;
        cleanup();
        resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
      };
      xhr.onerror = () => fail({ kind: 'transport', code: NETWORK_CODE, message: NETWORK_MESSAGE });
      xhr.ontimeout = () => fail({ kind: 'transport', code: 'ECONNABORTED', message: 'upload timed out' });
      xhr.onabort = () => fail({ kind: 'transport', code: CANCELLED_CODE, message: 'upload cancelled' });

      arm();
      xhr.send(form);
    });
  }

  /** POSTs `file` as the multipart field `file` to `path`; resolves to the route's answer. */
  return async function upload<P extends UploadPath>(
    path: P,
    file: Blob,
    options: UploadOptions = {},
  ): Promise<UploadAnswers[P]> {
    const fileName = options.fileName ?? (file instanceof File ? file.name : 'upload');
    const form = () => {
      const data = new FormData();
      data.append('file', file, fileName);
      return data;
    };

    const token = deps.tokenStore.get();
    let answer = await send(path, form(), token, options);
    if (answer.status === 401 && token) {
      // The access token expired: refresh once through the cookie and send again (as the API client does).
      const current = deps.tokenStore.get();
      const fresh = current && current !== token ? current : await deps.refreshSession();
      if (!fresh) {
        deps.tokenStore.clear();
        throw ApiError.fromResponse(answer.status, answer.body);
      }
      options.onProgress?.(0);
      answer = await send(path, form(), fresh, options);
      if (answer.status === 401) deps.tokenStore.clear();
    }
    if (answer.status < 200 || answer.status > 299) throw ApiError.fromResponse(answer.status, answer.body);
    return answer.body as UploadAnswers[P];
  };
}

export type UploadFile = ReturnType<typeof createUploader>;
