// The Marketplace dialog (spec 001 §2; opened from the bottom navigation): the special-items banner
// linking to the Genie shop, the balance, and the catalogue browser.
import { useAppDialogs, type DialogContentProps } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { useWallet } from '../../wallet';
import { MarketplaceBrowser } from './MarketplaceBrowser';
import styles from './Marketplace.module.css';

export function MarketplaceDialog(_: DialogContentProps) {
  const { openDialog } = useAppDialogs();
  const { wallet } = useWallet();
  return (
    <div className={styles.dialog}>
      <section className={styles.special} aria-label="Special items">
        <div>
          <p className={styles.specialTitle}>
            <Icon name="genie" size={20} /> Special Items: NFT Genies
          </p>
          <p className={styles.muted}>Collectible genies that earn AuraCoins every day.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => openDialog('genie-shop')}>
          Visit Genie Shop
        </button>
      </section>
      <p className={styles.balance}>
        Balance: <strong>{wallet ? `${wallet.aura_coin_balance.toFixed(3)} AC` : '…'}</strong>
      </p>
      <MarketplaceBrowser />
    </div>
  );
}
