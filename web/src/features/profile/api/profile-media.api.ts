// The own profile's media calls (spec 000 §7 "Own profile"): picture and banner uploads with progress,
// and the banner display's HEAD check with its data-URL fallback (GET /media/banners/{filename}).
import { api } from '../../../api';
import { absoluteMediaUrl, mediaFileName } from '../../../api/media-types';
import { BACKEND_HOST, uploadFile, type UploadOptions } from '../../media';
import { bannerKind, isDisplayableContentType, type BannerKind } from '../profile-media-rules';

export interface BannerSource {
  /** What the <img> or <video> loads: the banner URL itself, or a data: URL. */
  src: string;
  kind: BannerKind;
  via: 'direct' | 'data-url';
}

/** The Content-Type of a HEAD to `url`; throws when there is no 2xx answer. */
async function headContentType(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { method: 'HEAD', signal });
  if (!response.ok) throw new Error(`HEAD ${url} answered ${response.status}`);
  return response.headers.get('content-type') ?? '';
}

async function bannerDataUrl(filename: string, signal?: AbortSignal): Promise<string> {
  const { data_url } = await api.call((c) =>
    c.GET('/media/banners/{filename}', { params: { path: { filename } }, signal }),
  );
  return data_url;
}

export const profileMediaApi = {
  uploadPicture: (file: File, options?: UploadOptions) =>
    uploadFile('/api/profile/upload-picture', file, options),
  uploadBanner: (file: File, options?: UploadOptions) =>
    uploadFile('/api/profile/upload-banner', file, options),

  /**
   * Spec 000 §4 "Banner display": the banner URL is checked with a HEAD request; when its content
   * type is neither image nor video (or the check fails), the banner comes through the data-URL
   * endpoint instead. When that fails too, the URL itself is tried and the element's own error shows
   * the placeholder.
   */
  async resolveBanner(url: string, signal?: AbortSignal): Promise<BannerSource> {
    if (/^(data|blob):/i.test(url)) return { src: url, kind: bannerKind(url), via: 'direct' };
    const direct = absoluteMediaUrl(url, BACKEND_HOST);
    let contentType: string | null = null;
    try {
      contentType = await headContentType(direct, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn('banner HEAD check failed', error);
    }
    if (isDisplayableContentType(contentType)) {
      return { src: direct, kind: bannerKind(url, contentType), via: 'direct' };
    }
    const filename = mediaFileName(url);
    if (filename) {
      try {
        const dataUrl = await bannerDataUrl(filename, signal);
        return { src: dataUrl, kind: bannerKind(dataUrl), via: 'data-url' };
      } catch (error) {
        if (signal?.aborted) throw error;
        console.warn('banner data URL failed', error);
      }
    }
    return { src: direct, kind: bannerKind(url, contentType), via: 'direct' };
  },
};
