// The own-profile Genies section (spec 000 §2): Genie Shop and View Collection close the profile and
// open those screens; an info grid lists the rarity tiers.
import { useAppDialogs } from '../../../app/dialogs';
import { RARITY_TABLE } from '../genies';
import styles from './Genies.module.css';

export function GeniesSection() {
  const { replaceDialog } = useAppDialogs();
  return (
    <div className={styles.dialog}>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => replaceDialog('genie-shop')}>
          Genie Shop
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => replaceDialog('genie-collection')}>
          View Collection
        </button>
      </div>
      <ul className={styles.tiers} aria-label="Rarity tiers">
        {RARITY_TABLE.map((tier) => (
          <li key={tier.rarity} className={`card ${styles.tier}`} data-rarity={tier.rarity}>
            <span className={styles.tierIcon} aria-hidden="true">
              {tier.emoji}
            </span>
            <span className={styles.tierName}>{tier.label}</span>
            <span className={styles.muted}>{tier.dailyAc} AC/day</span>
            <span className={styles.muted}>{tier.odds}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
