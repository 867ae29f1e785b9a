// A genie's picture; a broken or missing image falls back to a rarity-coloured icon with the rarity's
// emoji (spec 001 §8, spec 000 §4).
import { useState } from 'react';
import { rarityTier } from '../genies';
import styles from './Genies.module.css';

export function GenieImage({
  src,
  name,
  rarity,
  size = 'md',
}: {
  src?: string | null;
  name: string;
  rarity: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const tier = rarityTier(rarity);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={`${styles.art} ${styles[`art_${size}`]}`} data-rarity={tier.rarity}>
      {showImage ? (
        <img className={styles.artImage} src={src!} alt={name} onError={() => setFailedSrc(src!)} />
      ) : (
        <span className={styles.artFallback} role="img" aria-label={`${tier.label} genie ${name}`}>
          {tier.emoji}
        </span>
      )}
    </span>
  );
}

/** The rarity as a coloured pill. */
export function RarityBadge({ rarity }: { rarity: string }) {
  const tier = rarityTier(rarity);
  return (
    <span className={styles.rarity} data-rarity={tier.rarity}>
      {tier.label}
    </span>
  );
}
