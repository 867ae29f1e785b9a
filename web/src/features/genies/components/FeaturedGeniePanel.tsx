// A featured genie (spec 001 §2 "featured genie panel", spec 000 §2/§3 "Featured genie"): picture
// (or the rarity icon), nickname, genie name, rarity and daily earnings.
import { formatGenieAC, rarityTier } from '../genies';
import type { FeaturedGenie } from '../types';
import { GenieImage, RarityBadge } from './GenieImage';
import styles from './Genies.module.css';

export function FeaturedGeniePanel({
  featured,
  title = 'Featured Genie',
  compact = false,
}: {
  featured: FeaturedGenie;
  title?: string;
  compact?: boolean;
}) {
  const { genie } = featured;
  const nickname = featured.nickname?.trim();
  return (
    <section
      className={`card ${compact ? styles.featuredCompact : styles.featured}`}
      data-rarity={rarityTier(genie.rarity).rarity}
      aria-label={title}
    >
      <GenieImage
        src={genie.image_url}
        name={genie.name}
        rarity={genie.rarity}
        size={compact ? 'sm' : 'md'}
      />
      <div className={styles.genieBody}>
        <p className={styles.featuredTitle}>{title}</p>
        <p className={styles.genieName}>{nickname || genie.name}</p>
        {nickname ? <p className={styles.muted}>{genie.name}</p> : null}
        <RarityBadge rarity={genie.rarity} />
        <p className={styles.earning}>{formatGenieAC(genie.daily_earning_rate)} AC/day</p>
      </div>
    </section>
  );
}
