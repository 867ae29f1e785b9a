// The uploader's state (spec 001 §2 "Media uploader", §4 "The uploader keeps the media after upload for
// reuse", §8 "Failed to upload media. Please try again."): a picked or recorded file is previewed at
// once and uploaded to POST /api/media/upload with a progress percent; once uploaded it stays (the
// parent may post it again after a failed post), and picking the same file again reuses the upload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../ui/useLatest';
import { ApiError } from '../../../api/errors';
import { uploadFile } from '../api';
import { kindOfFile, type MediaKind } from '../../../api/media-types';
import { MediaMessages } from '../recording';

/** What the uploader hands to its parent (the fields of the upload's answer that a post needs). */
export interface UploadedMedia {
  file_url: string;
  file_type: string;
  filename: string;
}

export interface SelectedMedia {
  file: File;
  kind: MediaKind;
  /** A local object URL of the file, for the preview. */
  previewUrl: string;
}

export type MediaUploadState =
  | { status: 'empty' }
  | { status: 'uploading'; selected: SelectedMedia; percent: number }
  | { status: 'uploaded'; selected: SelectedMedia; media: UploadedMedia }
  /** `retryable`: the failure was the connection or the server, not a refusal of the file (4xx). */
  | { status: 'failed'; selected: SelectedMedia; retryable: boolean };

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}|${file.type}`;

export function useMediaUpload(callbacks: {
  onUploaded: (media: UploadedMedia) => void;
  onCleared: () => void;
}) {
  const [state, setState] = useState<MediaUploadState>({ status: 'empty' });
  const [error, setError] = useState<string | null>(null);
  const handlers = useLatest(callbacks);
  const inFlight = useRef<AbortController | null>(null);
  const previewUrl = useRef<string | null>(null);
  /** Uploads of this uploader by file, so the same file is never sent twice. */
  const uploaded = useRef(new Map<string, UploadedMedia>());

  const releasePreview = () => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  };

  const send = useCallback(
    async (selected: SelectedMedia) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setError(null);

      const known = uploaded.current.get(fileKey(selected.file));
      if (known) {
        setState({ status: 'uploaded', selected, media: known });
        handlers.current.onUploaded(known);
        return;
      }

      setState({ status: 'uploading', selected, percent: 0 });
      try {
        const answer = await uploadFile('/api/media/upload', selected.file, {
          signal: controller.signal,
          onProgress: (percent) =>
            setState((current) =>
              current.status === 'uploading' && current.selected === selected
                ? { ...current, percent }
                : current,
            ),
        });
        if (controller.signal.aborted) return;
        const media: UploadedMedia = {
          file_url: answer.file_url,
          file_type: answer.file_type,
          filename: answer.filename,
        };
        uploaded.current.set(fileKey(selected.file), media);
        setState({ status: 'uploaded', selected, media });
        handlers.current.onUploaded(media);
      } catch (failure) {
        if (controller.signal.aborted || (failure instanceof ApiError && failure.isCancelled)) return;
        console.warn('media upload failed', failure);
        const refused = failure instanceof ApiError && failure.status !== undefined && failure.status < 500;
        setState({ status: 'failed', selected, retryable: !refused });
        setError(MediaMessages.uploadFailed);
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [handlers],
  );

  /** Previews and uploads a picked or recorded file (replacing any earlier one). */
  const select = useCallback(
    (file: File) => {
      const kind = kindOfFile(file);
      if (!kind) {
        setError(MediaMessages.uploadFailed);
        return;
      }
      releasePreview();
      const url = URL.createObjectURL(file);
      previewUrl.current = url;
      void send({ file, kind, previewUrl: url });
    },
    [send],
  );

  const retry = useCallback(() => {
    if (state.status === 'failed' && state.retryable) void send(state.selected);
  }, [send, state]);

  /** Removes the media (cancelling an upload in progress) and tells the parent. */
  const clear = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    releasePreview();
    setState({ status: 'empty' });
    setError(null);
    handlers.current.onCleared();
  }, [handlers]);

  useEffect(
    () => () => {
      inFlight.current?.abort();
      releasePreview();
    },
    [],
  );

  return { state, error, setError, select, retry, clear };
}
