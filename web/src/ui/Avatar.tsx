// Spec 000 §9: avatar sizes sm, md, lg, xl; the fallback shows the first letter of the username.
import { useState } from 'react';
import { auraTier } from '../features/aura/aura-level';
import styles from './Avatar.module.css';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  username: string;
  src?: string | null;
  size?: AvatarSize;
  /** Colours the ring by aura tier when given. */
  auraScore?: number;
  /** Tier thresholds of the ring (feed items 900/700/500/300, the default; landing preview 900/700/500). */
  tiers?: readonly number[];
  /** Text alternative of the picture; decorative ('') by default, as beside a visible name. */
  alt?: string;
  /** The member's profile_ring_color (spec 000 §5); 'default' or absent keeps the aura-tier ring. */
  ringColor?: string | null;
}

export function avatarInitial(username: string): string {
  return username.trim().charAt(0).toUpperCase() || '?';
}

export function Avatar({ username, src, size = 'md', auraScore, tiers, alt = '', ringColor }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const tier = auraScore === undefined ? undefined : auraTier(auraScore, tiers);
  return (
    <span
      className={`${styles.avatar} ${styles[size]}`}
      data-tier={tier}
      data-ring={ringColor && ringColor !== 'default' ? ringColor : undefined}
    >
      {showImage ? (
        <img className={styles.image} src={src!} alt={alt} onError={() => setFailedSrc(src!)} />
      ) : (
        <span className={styles.initial} aria-hidden="true">
          {avatarInitial(username)}
        </span>
      )}
    </span>
  );
}
