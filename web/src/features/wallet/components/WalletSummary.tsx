// The wallet's figures (spec 000 §2 wallet section, §9): balance in AC to 3 decimals with its USD
// equivalent, and total earned.
import { formatAC, formatUSD } from '../../../ui/format';
import { Skeleton } from '../../../ui/Skeleton';
import { useWallet } from '../hooks/useWallet';
import styles from './Wallet.module.css';

export function WalletSummary() {
  const { wallet, isLoading } = useWallet();
  return (
    <div className={styles.summary}>
      <section className={`card ${styles.stat}`} aria-label="AuraCoin balance">
        <p className={styles.statLabel}>AuraCoin Balance</p>
        {isLoading ? (
          <Skeleton width="60%" height={28} />
        ) : (
          <p className={styles.statValue} data-testid="wallet-balance">
            {wallet ? formatAC(wallet.aura_coin_balance, 3) : '— AC'}
          </p>
        )}
        <p className={styles.statSub}>≈ {wallet ? formatUSD(wallet.usd_equivalent) : '$—'} USD</p>
      </section>
      <section className={`card ${styles.stat}`} aria-label="Total earned">
        <p className={styles.statLabel}>Total Earned</p>
        {isLoading ? (
          <Skeleton width="50%" height={28} />
        ) : (
          <p className={styles.statValue}>{wallet ? formatAC(wallet.total_earned, 3) : '— AC'}</p>
        )}
        <p className={styles.statSub}>Rewards and tips received</p>
      </section>
    </div>
  );
}
