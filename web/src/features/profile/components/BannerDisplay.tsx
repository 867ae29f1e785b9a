// A member's banner (spec 000 §4 "Banner display"): loading, then an image or a looping muted video
// (by extension: mp4, webm, mov, avi, wmv, mkv, 3gp), or an error placeholder. The URL is checked with a
// HEAD request first; when its content type is neither image nor video the data-URL endpoint is used.
// Without a banner: a gradient based on the aura score (spec 000 §2 "Public profile dialog").
import { useState } from 'react';
import { auraTier } from '../../aura';
import { MediaIcon } from '../../../ui/media-icons';
import { useBannerSource } from '../hooks/useBannerSource';
import styles from './BannerDisplay.module.css';

export interface BannerDisplayProps {
  /** The member's banner_image ('' or null when there is none). */
  url: string | null | undefined;
  /** Colours the gradient shown when there is no banner. */
  auraScore?: number;
  /** Accessible name of the banner, e.g. "Luna's banner". */
  label?: string;
}

export const NO_BANNER_TEXT = 'No banner image';

export function BannerDisplay({ url, auraScore = 0, label = 'Profile banner' }: BannerDisplayProps) {
  const source = useBannerSource(url);
  // Which source failed to load in the element (a new source gets its own chance).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const tier = auraTier(auraScore);

  if (!url) {
    return (
      <div
        className={styles.banner}
        data-state="empty"
        data-tier={tier}
        role="img"
        aria-label={NO_BANNER_TEXT}
      />
    );
  }

  const resolved = source.data;
  const failed = source.isError || (resolved !== undefined && failedSrc === resolved.src);
  if (failed) {
    return (
      <div className={`${styles.banner} ${styles.error}`} data-state="error" data-tier={tier}>
        <MediaIcon name="broken" size={22} />
        <span>{NO_BANNER_TEXT}</span>
      </div>
    );
  }

  const ready = resolved !== undefined && loadedSrc === resolved.src;
  return (
    <div
      className={styles.banner}
      data-state={ready ? 'ready' : 'loading'}
      data-kind={resolved?.kind}
      data-tier={tier}
      aria-busy={!ready}
    >
      {!ready ? <div className={styles.loading} aria-hidden="true" /> : null}
      {resolved?.kind === 'video' ? (
        <video
          key={resolved.src}
          className={styles.media}
          src={resolved.src}
          autoPlay
          loop
          muted
          playsInline
          aria-label={label}
          onLoadedData={() => setLoadedSrc(resolved.src)}
          onError={() => setFailedSrc(resolved.src)}
        />
      ) : resolved ? (
        <img
          key={resolved.src}
          className={styles.media}
          src={resolved.src}
          alt={label}
          onLoad={() => setLoadedSrc(resolved.src)}
          onError={() => setFailedSrc(resolved.src)}
        />
      ) : null}
    </div>
  );
}
