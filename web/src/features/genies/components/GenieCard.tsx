// One genie of the catalogue: picture (or its rarity icon), name, rarity, daily earnings, description.
import { formatGenieAC } from '../genies';
import type { Genie } from '../types';
import { GenieImage, RarityBadge } from './GenieImage';
import styles from './Genies.module.css';

export function GenieCard({ genie }: { genie: Genie }) {
  return (
    <article className={`card ${styles.genieCard}`} data-rarity={genie.rarity}>
      <GenieImage src={genie.image_url} name={genie.name} rarity={genie.rarity} />
      <h4 className={styles.genieName}>{genie.name}</h4>
      <RarityBadge rarity={genie.rarity} />
      <p className={styles.earning}>{formatGenieAC(genie.daily_earning_rate)} AC/day</p>
      {genie.description ? <p className={styles.muted}>{genie.description}</p> : null}
      {genie.special_ability ? <p className={styles.ability}>✦ {genie.special_ability}</p> : null}
    </article>
  );
}
