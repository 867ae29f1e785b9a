// The own-profile dialog's Wallet section (spec 000 §2): balance in AC with USD equivalent, total
// earned, and the history in a scrollable list with a maximum height. Send AuraCoins leaves the profile
// for the wallet dialog's Send AuraCoins tab, Buy AuraCoins for its Buy AuraCoins tab.
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { TransactionHistory } from './TransactionHistory';
import { WalletSummary } from './WalletSummary';
import styles from './Wallet.module.css';

export function WalletSection() {
  const { replaceDialog } = useAppDialogs();
  return (
    <div className={styles.dialog}>
      <WalletSummary />
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => replaceDialog('wallet', { tab: 'buy' })}
        >
          <Icon name="coin" size={18} />
          Buy AuraCoins
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => replaceDialog('wallet', { tab: 'send' })}
        >
          <Icon name="send" size={18} />
          Send AuraCoins
        </button>
      </div>
      <TransactionHistory />
    </div>
  );
}
