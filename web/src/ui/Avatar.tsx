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
}

export function avatarInitial(username: string): string {
  return username.trim().charAt(0).toUpperCase() || '?';
}

export function Avatar({ username, src, size = 'md', auraScore }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const tier = auraScore === undefined ? undefined : auraTier(auraScore);
  return (
    <span className={`${styles.avatar} ${styles[size]}`} data-tier={tier}>
      {showImage ? (
        <img className={styles.image} src={src!} alt="" onError={() => setFailedSrc(src!)} />
      ) : (
        <span className={styles.initial} aria-hidden="true">
          {avatarInitial(username)}
        </span>
      )}
    </span>
  );
}
