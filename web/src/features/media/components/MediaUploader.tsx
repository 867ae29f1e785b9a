// The media uploader (spec 001 §2: Photo, Video, Upload Audio and Record Audio, with preview; §4 audio
// recording stops at 120 s, the media is kept after upload for reuse; §8 messages). Used by the create
// dialog (and chat attachments): the parent hears onUploaded with the stored file and onCleared when
// the member removes it.
import { useRef, useState, type ChangeEvent } from 'react';
import { MediaIcon, type MediaIconName } from '../../../ui/media-icons';
import { ProgressBar } from '../../../ui/ProgressBar';
import { useAudioRecorder } from '../hooks/useAudioRecorder';
import { useMediaUpload, type SelectedMedia, type UploadedMedia } from '../hooks/useMediaUpload';
import { MAX_RECORDING_SECONDS, formatClock } from '../recording';
import { MediaPlayer } from './MediaPlayer';
import styles from './MediaUploader.module.css';

export interface MediaUploaderProps {
  onUploaded(media: { file_url: string; file_type: string; filename: string }): void;
  onCleared(): void;
  /** 'image' offers Photo only; 'all' (default) adds Video, Upload Audio and Record Audio. */
  accept?: 'all' | 'image';
}

type Picker = 'photo' | 'video' | 'audio';

const PICKERS: Record<Picker, { label: string; icon: MediaIconName; accept: string; inputLabel: string }> = {
  photo: { label: 'Photo', icon: 'photo', accept: 'image/*', inputLabel: 'Photo file' },
  video: { label: 'Video', icon: 'video', accept: 'video/*', inputLabel: 'Video file' },
  audio: { label: 'Upload Audio', icon: 'audio', accept: 'audio/*', inputLabel: 'Audio file' },
};

export function MediaUploader({ onUploaded, onCleared, accept = 'all' }: MediaUploaderProps) {
  const upload = useMediaUpload({
    onUploaded: (media: UploadedMedia) => onUploaded(media),
    onCleared: () => onCleared(),
  });
  const recorder = useAudioRecorder({
    onRecorded: upload.select,
    onError: upload.setError,
  });
  const inputs = useRef<Partial<Record<Picker, HTMLInputElement | null>>>({});

  const pickers: Picker[] = accept === 'image' ? ['photo'] : ['photo', 'video', 'audio'];
  const { state } = upload;
  const isRecording = recorder.status === 'recording';
  const busy = state.status === 'uploading' || recorder.status !== 'idle';

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again after a removal
    if (file) upload.select(file);
  };

  return (
    <div className={styles.uploader}>
      {state.status === 'empty' && !isRecording ? (
        <div className={styles.actions} role="group" aria-label="Add media">
          {pickers.map((picker) => (
            <button
              key={picker}
              type="button"
              className={styles.action}
              onClick={() => inputs.current[picker]?.click()}
              disabled={busy}
            >
              <MediaIcon name={PICKERS[picker].icon} />
              {PICKERS[picker].label}
            </button>
          ))}
          {accept === 'all' ? (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                upload.setError(null);
                void recorder.start();
              }}
              disabled={busy}
              aria-busy={recorder.status === 'requesting'}
            >
              <MediaIcon name="mic" />
              Record Audio
            </button>
          ) : null}
        </div>
      ) : null}

      {pickers.map((picker) => (
        <input
          key={picker}
          ref={(element) => {
            inputs.current[picker] = element;
          }}
          type="file"
          accept={PICKERS[picker].accept}
          aria-label={PICKERS[picker].inputLabel}
          hidden
          onChange={onPicked}
        />
      ))}

      {isRecording ? (
        <div className={styles.recorder} role="group" aria-label="Recording audio">
          <span className={styles.recDot} aria-hidden="true" />
          <span className={styles.timer} role="timer" aria-label="Recording time">
            {formatClock(recorder.elapsed)} / {formatClock(MAX_RECORDING_SECONDS)}
          </span>
          <div className={styles.recTrack}>
            <ProgressBar
              value={(recorder.elapsed / MAX_RECORDING_SECONDS) * 100}
              label="Recording time used"
              valueText={`${formatClock(recorder.elapsed)} of ${formatClock(MAX_RECORDING_SECONDS)}`}
              tone="danger"
            />
          </div>
          <button type="button" className={styles.stop} onClick={recorder.stop}>
            <MediaIcon name="stop" size={16} />
            Stop Recording
          </button>
          <button type="button" className="icon-btn" onClick={recorder.cancel} aria-label="Discard recording">
            <MediaIcon name="trash" />
          </button>
        </div>
      ) : null}

      {state.status !== 'empty' ? (
        <div className={styles.preview} data-state={state.status}>
          <Preview key={state.selected.previewUrl} selected={state.selected} />
          <button type="button" className={styles.remove} onClick={upload.clear} aria-label="Remove media">
            <MediaIcon name="trash" size={16} />
          </button>
          <div className={styles.status} aria-live="polite">
            {state.status === 'uploading' ? (
              <>
                <span className={styles.statusText}>
                  {state.percent < 100 ? `Uploading… ${state.percent}%` : 'Processing…'}
                </span>
                <ProgressBar value={state.percent} label="Upload progress" />
              </>
            ) : null}
            {state.status === 'failed' && !state.retryable ? (
              <span className={styles.statusText}>Remove it or pick another file</span>
            ) : null}
            {state.status === 'uploaded' ? (
              <span className={`${styles.statusText} ${styles.done}`}>
                <MediaIcon name="check" size={16} />
                Uploaded · {state.selected.file.name}
              </span>
            ) : null}
            {state.status === 'failed' && state.retryable ? (
              <button type="button" className={`btn btn-ghost ${styles.retry}`} onClick={upload.retry}>
                <MediaIcon name="retry" size={16} />
                Retry upload
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {upload.error ? (
        <p className={styles.error} role="alert">
          <MediaIcon name="alert" size={16} />
          {upload.error}
        </p>
      ) : null}
    </div>
  );
}

function Preview({ selected }: { selected: SelectedMedia }) {
  const { kind, previewUrl, file } = selected;
  // The browser may not be able to show the file (e.g. bytes that are not what the name says).
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <div className={styles.noPreview}>
        <MediaIcon name="broken" size={22} />
        <span>No preview for {file.name}</span>
      </div>
    );
  const onError = () => setBroken(true);
  if (kind === 'image')
    return (
      <img
        className={styles.previewMedia}
        src={previewUrl}
        alt={`Preview of ${file.name}`}
        onError={onError}
      />
    );
  if (kind === 'video')
    return (
      <MediaPlayer
        kind="video"
        className={styles.previewMedia}
        src={previewUrl}
        label={`Preview of ${file.name}`}
        onError={onError}
      />
    );
  return (
    <div className={styles.audioPreview}>
      <span className={styles.audioGlyph} aria-hidden="true">
        <MediaIcon name="audio" size={22} />
      </span>
      <MediaPlayer kind="audio" src={previewUrl} label={`Preview of ${file.name}`} />
    </div>
  );
}
