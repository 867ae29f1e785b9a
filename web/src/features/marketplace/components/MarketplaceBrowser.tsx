// Browsing the catalogue (spec 001 §2 "Marketplace"): search on name or description, category and
// price filters (under 50 / 50–100 / over 100), grid/list toggle, the items, and the confirm dialog.
// Used by the Marketplace dialog and the own-profile Shop section's Browse Items tab.
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { showToast } from '../../../ui/toast';
import { useWallet } from '../../wallet';
import { balanceMicro } from '../../wallet';
import {
  canAfford,
  distinctPreviews,
  ALL_CATEGORIES,
  filterItems,
  marketplaceFailureMessage,
  MarketplaceTexts,
  NO_FILTER,
  PRICE_BANDS,
  type MarketplaceFilter,
  type PriceBand,
} from '../marketplace';
import { useMarketplaceCategories, useMarketplaceItems, usePurchaseItem } from '../hooks/useMarketplace';
import type { MarketplaceItem } from '../types';
import { useSpendingPause } from '../../wallet';
import { ConfirmPurchaseDialog } from './ConfirmPurchaseDialog';
import { ItemCard } from './ItemCard';
import { useToggleApplied } from './useToggleApplied';
import styles from './Marketplace.module.css';

export function MarketplaceBrowser() {
  const items = useMarketplaceItems();
  const categories = useMarketplaceCategories();
  const { wallet } = useWallet();
  const purchase = usePurchaseItem();
  const toggle = useToggleApplied();
  const [filter, setFilter] = useState<MarketplaceFilter>(NO_FILTER);
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [confirming, setConfirming] = useState<MarketplaceItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const pause = useSpendingPause('Buy anyway');

  const visible = filterItems(items.data ?? [], filter);
  const balance = wallet ? balanceMicro(wallet) : undefined;
  const previews = useMemo(() => distinctPreviews(items.data ?? []), [items.data]);

  const onConfirm = () => {
    if (!confirming || purchase.isPending) return;
    setError(null);
    buy(confirming, false);
  };

  /** The purchase; `confirmPause` once the member answered the spending pause with "Buy anyway". */
  const buy = (item: MarketplaceItem, confirmPause: boolean) =>
    purchase.mutate(
      { itemId: item.id, confirmPause },
      {
        onSuccess: (answer) => {
          showToast(answer?.message || `${item.name} purchased successfully!`);
          setConfirming(null);
        },
        onError: (failure) => {
          if (!pause.catches(failure, () => buy(item, true)))
            setError(marketplaceFailureMessage(failure, MarketplaceTexts.purchaseFailed));
        },
      },
    );

  return (
    <div className={styles.browser}>
      <div className={styles.filters} role="search">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-search`}>
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={styles.input}
            placeholder="Search items…"
            value={filter.search}
            onChange={(event) => setFilter({ ...filter, search: event.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className={styles.input}
            value={filter.category}
            onChange={(event) => setFilter({ ...filter, category: event.target.value })}
          >
            <option value={ALL_CATEGORIES}>All categories</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-price`}>
            Price
          </label>
          <select
            id={`${id}-price`}
            className={styles.input}
            value={filter.band}
            onChange={(event) => setFilter({ ...filter, band: event.target.value as PriceBand })}
          >
            {PRICE_BANDS.map((band) => (
              <option key={band.id} value={band.id}>
                {band.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.layoutToggle} role="group" aria-label="Layout">
          {(['grid', 'list'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="btn btn-ghost"
              aria-pressed={layout === option}
              onClick={() => setLayout(option)}
            >
              {option === 'grid' ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
      </div>

      {items.isPending ? (
        <div className={styles.grid} aria-busy="true" aria-label="Loading items">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={180} />
          ))}
        </div>
      ) : items.isError ? (
        <EmptyState icon="store" title="The marketplace is unavailable">
          Items could not be loaded. Please try again later.
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState icon="search" title="No items found">
          Try another search, category or price.
        </EmptyState>
      ) : (
        <div className={layout === 'grid' ? styles.grid : styles.list} aria-label="Marketplace items">
          {visible.map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              categories={categories.data ?? []}
              layout={layout}
              onPurchase={(chosen) => {
                setError(null);
                setConfirming(chosen);
              }}
              onToggleApplied={toggle.run}
              applying={toggle.busyId === item.id}
              preview={previews.get(item.id)}
              affordable={balance === undefined || canAfford(balance, item.price)}
            />
          ))}
        </div>
      )}
      {toggle.error ? (
        <p className={styles.error} role="alert">
          {toggle.error}
        </p>
      ) : null}

      {confirming ? (
        <ConfirmPurchaseDialog
          item={confirming}
          balance={wallet?.aura_coin_balance}
          balanceMicro={balance}
          pending={purchase.isPending}
          error={error}
          onConfirm={onConfirm}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {pause.dialog}
    </div>
  );
}
