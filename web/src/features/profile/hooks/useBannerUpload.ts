// Spec 000 §4 "Banner upload": on success the banner is updated locally, then a user-data refresh event
// fires after 500 ms. §8: failure shows the server detail, else 'Failed to upload banner'; success
// 'Banner updated successfully!'. Image or video (§5); the 25MB limit is checked before sending.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { profileMediaApi } from '../api/profile-media.api';
import {
  BANNER_REFRESH_DELAY_MS,
  ProfileMediaMessages,
  checkBannerFile,
  uploadFailureMessage,
} from '../profile-media-rules';
import { dispatchUserDataRefresh, patchCurrentUser } from './user-refresh';

export type BannerUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'success' }
  | { status: 'failed'; message: string };

export function useBannerUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BannerUploadState>({ status: 'idle' });
  const current = useRef(0);

  const upload = useCallback(
    async (file: File) => {
      const problem = checkBannerFile(file);
      if (problem) {
        setState({ status: 'failed', message: problem });
        return;
      }
      const id = ++current.current;
      setState({ status: 'uploading', percent: 0 });
      try {
        const { banner_url } = await profileMediaApi.uploadBanner(file, {
          onProgress: (percent) => {
            if (current.current === id) setState({ status: 'uploading', percent });
          },
        });
        patchCurrentUser(queryClient, { banner_image: banner_url });
        setTimeout(
          () => dispatchUserDataRefresh({ expected: { banner_image: banner_url } }),
          BANNER_REFRESH_DELAY_MS,
        );
        if (current.current === id) setState({ status: 'success' });
      } catch (failure) {
        if (failure instanceof ApiError && failure.isCancelled) return;
        if (current.current === id)
          setState({
            status: 'failed',
            message: uploadFailureMessage(failure, ProfileMediaMessages.bannerFailed),
          });
      }
    },
    [queryClient],
  );

  return { state, upload };
}
