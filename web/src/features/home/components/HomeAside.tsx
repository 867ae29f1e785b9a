// The wide home view's right column (≥ 1100 px): members to follow, trending tags, the coin price and
// the member's wallet. Hidden on narrower screens, where the header, quick-access grid and side menu
// reach the same places.
import { useAppDialogs } from '../../../app/dialogs';
import { formatAC, formatUSD } from '../../../ui/format';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { TrendingTagsCard } from '../../explore';
import { useCoinMarket } from '../../market';
import { changeTone, formatChange } from '../../market';
import { SuggestedMembers } from '../../onboarding';
import { tagSearchText } from '../../posts';
import { useWallet } from '../../wallet';
import styles from './HomeAside.module.css';

export function HomeAside() {
  const { openDialog } = useAppDialogs();
  return (
    <aside className={styles.aside} aria-label="Suggestions and wallet">
      <div className={`card ${styles.card}`}>
        <SuggestedMembers headingLevel={2} />
      </div>
      <TrendingTagsCard onTag={(tag) => openDialog('explore', { query: tagSearchText(tag) })} />
      <CoinPriceCard />
      <WalletCard />
    </aside>
  );
}

function CoinPriceCard() {
  const { openDialog } = useAppDialogs();
  const market = useCoinMarket();
  const current = market.data;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aside-coin-title">
      <h2 id="aside-coin-title" className={styles.title}>
        <Icon name="chart" size={18} /> AuraCoin
      </h2>
      {current ? (
        <p className={styles.figure}>
          {formatUSD(current.current_price)}
          <span className={styles.unit}> / AC</span>
          <span className={styles.change} data-tone={changeTone(current.price_change_24h)}>
            {formatChange(current.price_change_24h)} 24h
          </span>
        </p>
      ) : market.isError ? (
        <p className={styles.muted}>The price could not be loaded.</p>
      ) : (
        <Skeleton height={30} width="70%" />
      )}
      <button type="button" className="btn btn-ghost btn-block" onClick={() => openDialog('coin-chart')}>
        View chart
      </button>
    </section>
  );
}

function WalletCard() {
  const { openDialog } = useAppDialogs();
  const { wallet, isLoading } = useWallet();
  return (
    <section className={`card ${styles.card}`} aria-labelledby="aside-wallet-title">
      <h2 id="aside-wallet-title" className={styles.title}>
        <Icon name="wallet" size={18} /> Your wallet
      </h2>
      {isLoading ? (
        <Skeleton height={30} width="60%" />
      ) : (
        <p className={styles.figure}>
          {wallet ? formatAC(wallet.aura_coin_balance, 3) : '— AC'}
          <span className={styles.unit}> ≈ {wallet ? formatUSD(wallet.usd_equivalent) : '$—'} USD</span>
        </p>
      )}
      <button type="button" className="btn btn-ghost btn-block" onClick={() => openDialog('wallet')}>
        Open wallet
      </button>
    </section>
  );
}
