// The own-profile dialog's Shop section (spec 000 §2: "Marketplace: tabs Browse Items and My
// Purchases"): the catalogue browser, and the member's items with Apply to Profile / Remove.
import { useId, useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import {
  useMarketplaceCategories,
  useMarketplaceItems,
  useMarketplacePurchases,
} from '../hooks/useMarketplace';
import { distinctPreviews } from '../marketplace';
import { ItemCard } from './ItemCard';
import { MarketplaceBrowser } from './MarketplaceBrowser';
import { useToggleApplied } from './useToggleApplied';
import styles from './Marketplace.module.css';

type ShopTab = 'browse' | 'purchases';

export function ShopSection() {
  const [tab, setTab] = useState<ShopTab>('browse');
  const id = useId();
  return (
    <div className={styles.dialog}>
      <div className={styles.tabs} role="tablist" aria-label="Shop">
        {(
          [
            ['browse', 'Browse Items'],
            ['purchases', 'My Purchases'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            id={`${id}-${value}`}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            className={styles.tab}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'browse' ? <MarketplaceBrowser /> : <MyPurchases onBrowse={() => setTab('browse')} />}
      </div>
    </div>
  );
}

function MyPurchases({ onBrowse }: { onBrowse: () => void }) {
  const purchases = useMarketplacePurchases();
  const catalogue = useMarketplaceItems();
  // The same artwork as in Browse Items: shared placeholders are told apart across the whole catalogue.
  const previews = useMemo(
    () => distinctPreviews(catalogue.data ?? purchases.data ?? []),
    [catalogue.data, purchases.data],
  );
  const categories = useMarketplaceCategories();
  const toggle = useToggleApplied();
  if (purchases.isPending)
    return (
      <div className={styles.list} aria-busy="true" aria-label="Loading purchases">
        <Skeleton height={90} />
        <Skeleton height={90} />
      </div>
    );
  if (purchases.isError)
    return (
      <EmptyState icon="store" title="Purchases could not be loaded">
        Please try again later.
      </EmptyState>
    );
  if (purchases.data.length === 0)
    return (
      <div className={styles.dialog}>
        <EmptyState icon="store" title="No purchases yet">
          Items you buy appear here, ready to apply to your profile.
        </EmptyState>
        <button type="button" className="btn btn-primary" onClick={onBrowse}>
          Browse Items
        </button>
      </div>
    );
  return (
    <div className={styles.list} aria-label="My purchases">
      {purchases.data.map((item) => (
        <ItemCard
          key={item.id}
          item={item}
          categories={categories.data ?? []}
          layout="list"
          onToggleApplied={toggle.run}
          applying={toggle.busyId === item.id}
          preview={previews.get(item.id)}
        />
      ))}
      {toggle.error ? (
        <p className={styles.error} role="alert">
          {toggle.error}
        </p>
      ) : null}
    </div>
  );
}
