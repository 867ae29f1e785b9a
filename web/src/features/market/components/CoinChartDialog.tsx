// The coin market chart dialog ('coin-chart'; spec 001 §2): the live price with its 24 h and 7 d
// change, a line chart with ranges 1H, 24H (default), 7D and 30D, and the market figures (§3).
// Data refreshes every 60 s and on auracoin_price_update (§4).
import { useId, useMemo, useState } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { formatUSD } from '../../../ui/format';
import { Skeleton } from '../../../ui/Skeleton';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { useCoinMarket, useLivePriceUpdates, usePriceHistory } from '../hooks/useCoinMarket';
import {
  CHART_RANGES,
  changeTone,
  DEFAULT_RANGE,
  formatChange,
  formatUSDAmount,
  hoursOf,
  toLineData,
  type ChartRange,
} from '../market';
import { PriceChart } from './PriceChart';
import styles from './CoinChart.module.css';

export function CoinChartDialog(_props: DialogContentProps) {
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE);
  const idBase = useId();
  const hours = hoursOf(range);
  const market = useCoinMarket();
  const history = usePriceHistory(hours);
  useLivePriceUpdates();
  const data = useMemo(() => toLineData(history.data?.chart_data ?? []), [history.data]);
  const current = market.data;
  const loadingRange = history.isPending || (history.isPlaceholderData && history.isFetching);

  return (
    <div className={styles.dialog}>
      <section className={styles.summary} aria-label="AuraCoin price">
        {current ? (
          <>
            <p className={styles.price} data-testid="coin-price">
              {formatUSD(current.current_price)}
              <span className={styles.unit}> / AC</span>
            </p>
            <p className={styles.changes}>
              <Change label="24h" percent={current.price_change_24h} />
              <Change label="7d" percent={current.price_change_7d} />
            </p>
          </>
        ) : market.isError ? (
          <p className={styles.error}>The price could not be loaded.</p>
        ) : (
          <Skeleton height={44} />
        )}
      </section>

      <Tabs
        items={CHART_RANGES}
        value={range}
        onChange={setRange}
        label="Chart range"
        idBase={idBase}
        size="sm"
      />
      <TabPanel idBase={idBase} value={range} className={styles.panel}>
        {history.isError && !history.data ? (
          <div className={styles.empty}>
            <EmptyState icon="chart" title="The chart could not be loaded" />
            <button type="button" className="btn btn-ghost" onClick={() => void history.refetch()}>
              Try again
            </button>
          </div>
        ) : history.data && data.length === 0 ? (
          <div className={styles.empty}>
            <EmptyState icon="chart" title="No price history yet" />
          </div>
        ) : history.isPending ? (
          <div className={styles.chartFrame}>
            <div className={styles.loading} role="status">
              Loading the price chart…
            </div>
          </div>
        ) : (
          <div className={styles.chartFrame} aria-busy={loadingRange} data-range={history.data?.hours ?? ''}>
            <PriceChart
              data={data}
              withSeconds={hours <= 24}
              label={`AuraCoin price, last ${labelOf(range)}`}
            />
          </div>
        )}
      </TabPanel>

      {current ? (
        <dl className={styles.stats}>
          <Stat label="Market Cap" value={formatUSDAmount(current.market_cap)} />
          <Stat label="24h Volume" value={formatUSDAmount(current.volume_24h)} />
          <Stat label="Active Users (24h)" value={current.active_users_24h.toLocaleString('en-US')} />
          <Stat label="Total Users" value={current.total_users.toLocaleString('en-US')} />
          <Stat label="Engagements (24h)" value={current.total_engagements_24h.toLocaleString('en-US')} />
          <Stat label="7d Change" value={formatChange(current.price_change_7d)} />
        </dl>
      ) : null}
    </div>
  );
}

const labelOf = (range: ChartRange) =>
  ({ '1H': 'hour', '24H': '24 hours', '7D': '7 days', '30D': '30 days' })[range];

function Change({ label, percent }: { label: string; percent: number }) {
  return (
    <span className={`${styles.change} ${styles[changeTone(percent)]}`}>
      {formatChange(percent)} <span className={styles.changeLabel}>{label}</span>
    </span>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
