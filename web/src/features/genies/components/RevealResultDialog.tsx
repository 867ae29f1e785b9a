// The reveal result (spec 001 §2): the genie that came out of the bottle, with Awesome and Reveal
// Another. The answer of POST /api/genies/reveal-bottle may also carry rarity, image_url and the
// daily rate beside the genie (spec 001 §7).
import { useEffect, useEffectEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { formatGenieAC, rarityTier } from '../genies';
import type { UserGenie } from '../types';
import { GenieImage, RarityBadge } from './GenieImage';
import styles from './Genies.module.css';

type Revealed = UserGenie & { rarity?: string; image_url?: string };

export function RevealResultDialog({
  revealed,
  canRevealAgain,
  onAwesome,
  onRevealAnother,
}: {
  revealed: Revealed;
  canRevealAgain: boolean;
  onAwesome: () => void;
  onRevealAnother: () => void;
}) {
  // Escape closes only this dialog, not the shop beneath it (both listen on the document).
  const close = useEffectEvent(onAwesome);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  const rarity = revealed.genie?.rarity ?? revealed.rarity ?? 'general';
  const image = revealed.genie?.image_url ?? revealed.image_url;
  const name = revealed.genie?.name ?? 'Genie';
  const rate = revealed.daily_earning_rate ?? revealed.genie?.daily_earning_rate ?? 0;
  return (
    <Modal title="Genie Revealed!" onClose={onAwesome}>
      <div className={styles.reveal} data-rarity={rarityTier(rarity).rarity}>
        <GenieImage src={image} name={name} rarity={rarity} size="lg" />
        <p className={styles.revealName}>{name}</p>
        <RarityBadge rarity={rarity} />
        <p className={styles.earning}>Earns {formatGenieAC(rate)} AC/day</p>
        {revealed.genie?.description ? <p className={styles.muted}>{revealed.genie.description}</p> : null}
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" onClick={onAwesome}>
            Awesome
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={onRevealAnother}
            disabled={!canRevealAgain}
          >
            Reveal Another
          </button>
        </div>
      </div>
    </Modal>
  );
}
