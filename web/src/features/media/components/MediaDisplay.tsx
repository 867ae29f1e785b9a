// Shows a post's or message's media (spec 000 §2 "Media display", §4 "Media failure", §5 "Media type"):
// image, video or audio, the type guessed from the extension when unspecified or 'multimedia'; a
// placeholder while loading; on failure the alternate URLs are tried (at most 3 in all), then
// 'Media temporarily unavailable' with Retry. An unknown type shows 'Unsupported media type'.
import { useMemo, useState } from 'react';
import { MediaIcon } from '../../../ui/media-icons';
import { BACKEND_HOST } from '../api';
import {
  alternateMediaUrls,
  resolveMediaKind,
  withRetryParam,
  type MediaKind,
} from '../../../api/media-types';
import { MediaPlayer } from './MediaPlayer';
import styles from './MediaDisplay.module.css';

export interface MediaDisplayProps {
  url: string;
  /** image, video, audio (or their MIME types); unspecified or 'multimedia' → from the extension. */
  type?: string;
  alt?: string;
}

export const MediaDisplayMessages = {
  unavailable: 'Media temporarily unavailable',
  unsupported: 'Unsupported media type',
} as const;

export function MediaDisplay(props: MediaDisplayProps) {
  // A new URL or type starts over (attempts, loading state).
  return <MediaDisplayInner key={`${props.type ?? ''}|${props.url}`} {...props} />;
}

function MediaDisplayInner({ url, type, alt = '' }: MediaDisplayProps) {
  const kind = resolveMediaKind(url, type);
  const candidates = useMemo(() => alternateMediaUrls(url, BACKEND_HOST), [url]);
  const [attempt, setAttempt] = useState(0);
  const [retries, setRetries] = useState(0);
  const [loaded, setLoaded] = useState(false);

  if (!url || !kind) {
    return (
      <div className={`${styles.frame} ${styles.notice}`} role="note" data-kind={kind ?? 'unknown'}>
        <MediaIcon name="alert" size={22} />
        <span>{MediaDisplayMessages.unsupported}</span>
      </div>
    );
  }

  if (attempt >= candidates.length) {
    return (
      <div className={`${styles.frame} ${styles.notice}`} data-kind={kind} data-state="unavailable">
        <MediaIcon name="broken" size={24} />
        <span role="status">{MediaDisplayMessages.unavailable}</span>
        <button
          type="button"
          className={`btn btn-ghost ${styles.retry}`}
          onClick={() => {
            setRetries((count) => count + 1);
            setAttempt(0);
            setLoaded(false);
          }}
        >
          <MediaIcon name="retry" size={16} />
          Retry
        </button>
      </div>
    );
  }

  const src = withRetryParam(candidates[attempt]!, retries);
  const next = () => {
    setLoaded(false);
    setAttempt((current) => current + 1);
  };
  const ready = () => setLoaded(true);

  return (
    <div
      className={`${styles.frame} ${styles[kind]}`}
      data-kind={kind}
      data-state={loaded ? 'ready' : 'loading'}
      aria-busy={!loaded}
    >
      {!loaded ? <Placeholder kind={kind} /> : null}
      <MediaElement key={src} kind={kind} src={src} alt={alt} onReady={ready} onFailed={next} />
    </div>
  );
}

function MediaElement({
  kind,
  src,
  alt,
  onReady,
  onFailed,
}: {
  kind: MediaKind;
  src: string;
  alt: string;
  onReady: () => void;
  onFailed: () => void;
}) {
  if (kind === 'image')
    return (
      <img className={styles.media} src={src} alt={alt} loading="lazy" onLoad={onReady} onError={onFailed} />
    );
  return (
    <MediaPlayer
      kind={kind}
      className={kind === 'video' ? styles.media : styles.audio}
      src={src}
      label={alt || undefined}
      onLoadedMetadata={onReady}
      onError={onFailed}
    />
  );
}

function Placeholder({ kind }: { kind: MediaKind }) {
  const icon = kind === 'image' ? 'photo' : kind;
  return (
    <div className={styles.placeholder} aria-hidden="true">
      <MediaIcon name={icon} size={28} />
    </div>
  );
}
