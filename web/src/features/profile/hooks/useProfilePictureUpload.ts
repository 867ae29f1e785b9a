// Spec 000 §4 "Profile picture upload": idle, uploading with a progress percent, then success (preview
// kept; user data refreshed and preview cleared about 1.5 seconds later) or failure (preview cleared).
// §5: an image of the listed types, at most 5 MB (checked here before sending, and again by the server).
// §8: failure shows the server detail, else 'Failed to upload profile picture'.
// Closing the dialog does not stop an upload under way: it completes and the member is refreshed.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { profileMediaApi } from '../api/profile-media.api';
import {
  PICTURE_REFRESH_DELAY_MS,
  ProfileMediaMessages,
  checkPictureFile,
  uploadFailureMessage,
} from '../profile-media-rules';
import { refreshCurrentUser } from './user-refresh';

export type PictureUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; preview: string; percent: number }
  | { status: 'success'; preview: string };

export function useProfilePictureUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PictureUploadState>({ status: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const preview = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearPreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    setState({ status: 'idle' });
  };

  const upload = useCallback(
    async (file: File) => {
      const problem = checkPictureFile(file);
      if (problem) {
        setError(problem);
        return;
      }
      controller.current?.abort();
      clearTimeout(timer.current);
      if (preview.current) URL.revokeObjectURL(preview.current);
      const abort = new AbortController();
      controller.current = abort;
      const url = URL.createObjectURL(file);
      preview.current = url;
      setError(null);
      setState({ status: 'uploading', preview: url, percent: 0 });
      try {
        const answer = await profileMediaApi.uploadPicture(file, {
          signal: abort.signal,
          onProgress: (percent) =>
            setState((current) =>
              current.status === 'uploading' && current.preview === url ? { ...current, percent } : current,
            ),
        });
        if (abort.signal.aborted) return;
        setState({ status: 'success', preview: url });
        timer.current = setTimeout(() => {
          void refreshCurrentUser(queryClient, { profile_picture: answer.profile_picture_url }).finally(
            () => {
              if (preview.current === url) clearPreview();
            },
          );
        }, PICTURE_REFRESH_DELAY_MS);
      } catch (failure) {
        if (abort.signal.aborted || (failure instanceof ApiError && failure.isCancelled)) return;
        clearPreview();
        setError(uploadFailureMessage(failure, ProfileMediaMessages.pictureFailed));
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [queryClient],
  );

  return { state, error, upload };
}
