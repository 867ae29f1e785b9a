// My Genie Collection (spec 001 §2, §8): stats cards, rarity distribution, rarity filter, sorts
// (recently acquired, by rarity, by earnings), grid/list toggle, the featured genie panel, and per
// genie a nickname edit and the Feature and Send actions. Claim All appears only when the total
// pending earnings are above 0.
import { useId, useState } from 'react';
import { useAppDialogs, type DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { FormError } from '../../wallet';
import {
  arrangeCollection,
  COLLECTION_SORTS,
  formatGenieAC,
  GenieTexts,
  isRarity,
  RARITY_TABLE,
  rarityDistribution,
  showClaimAll,
  totalPending,
  type CollectionSort,
  type RarityFilter,
} from '../genies';
import { useClaimEarnings, useGenieCollection, useGenieStats } from '../hooks/useGenies';
import type { UserGenie } from '../types';
import { FeaturedGeniePanel } from './FeaturedGeniePanel';
import { OwnedGenie } from './OwnedGenie';
import styles from './Genies.module.css';

export function GenieCollectionDialog(_: DialogContentProps) {
  const collection = useGenieCollection();
  const stats = useGenieStats();
  const claim = useClaimEarnings();
  const { openDialog } = useAppDialogs();
  const [filter, setFilter] = useState<RarityFilter>('all');
  const [sort, setSort] = useState<CollectionSort>('recent');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  if (collection.isPending) {
    return (
      <div className={styles.dialog} role="status" aria-label="Loading your genies">
        <div className={styles.statsRow}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={74} />
          ))}
        </div>
        <Skeleton height={180} />
      </div>
    );
  }

  const genies: UserGenie[] = collection.data ?? [];
  if (collection.isError || genies.length === 0) {
    return (
      <div className={styles.dialog}>
        <EmptyState icon="genie" title="No genies yet">
          {collection.isError
            ? 'Your collection could not be loaded. Please try again later.'
            : 'Buy a bottle in the Genie Shop and reveal your first genie.'}
        </EmptyState>
        <button type="button" className="btn btn-primary" onClick={() => openDialog('genie-shop')}>
          Genie Shop
        </button>
      </div>
    );
  }

  const pending = totalPending(genies);
  const shown = arrangeCollection(genies, filter, sort);
  const featured = genies.find((g) => g.is_featured) ?? stats.data?.featured_genie ?? null;

  const onClaim = () => {
    if (claim.isPending) return;
    setError(null);
    claim.mutate(undefined, {
      onSuccess: (answer) => showToast(answer?.message || `Claimed ${formatGenieAC(pending)} AC`),
      onError: () => setError(GenieTexts.claimFailed),
    });
  };

  return (
    <div className={styles.dialog}>
      <section className={styles.statsRow} aria-label="Collection stats">
        <StatCard label="Total Genies" value={String(stats.data?.total_genies ?? genies.length)} />
        <StatCard
          label="Daily Earnings"
          value={`${formatGenieAC(stats.data?.total_daily_earnings ?? genies.reduce((s, g) => s + g.daily_earning_rate, 0))} AC`}
        />
        <StatCard
          label="Lifetime Earnings"
          value={stats.data ? `${formatGenieAC(stats.data.lifetime_earnings)} AC` : null}
        />
        <StatCard label="Pending Earnings" value={`${formatGenieAC(pending)} AC`} />
      </section>

      {showClaimAll(pending) ? (
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" onClick={onClaim} disabled={claim.isPending}>
            {claim.isPending ? <Spinner /> : null}
            Claim All
          </button>
        </div>
      ) : null}
      <FormError error={error} />

      <div className={styles.columns}>
        {featured ? <FeaturedGeniePanel featured={featured} /> : null}
        <section className={`card ${styles.distribution}`} aria-labelledby={`${ids}-dist`}>
          <h3 id={`${ids}-dist`} className={styles.sectionTitle}>
            Rarity distribution
          </h3>
          <ul className={styles.bars}>
            {rarityDistribution(stats.data?.genies_by_rarity ?? countByRarity(genies)).map((share) => (
              <li key={share.tier.rarity} data-rarity={share.tier.rarity}>
                <span className={styles.barLabel}>{share.tier.label}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span className={styles.barFill} style={{ width: `${share.percent}%` }} />
                </span>
                <span className={styles.barCount}>{share.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className={styles.toolbar}>
        <label className={styles.control}>
          <span className={styles.label}>Rarity</span>
          <select
            className={styles.select}
            value={filter}
            onChange={(event) => setFilter(isRarity(event.target.value) ? event.target.value : 'all')}
          >
            <option value="all">All rarities</option>
            {RARITY_TABLE.map((tier) => (
              <option key={tier.rarity} value={tier.rarity}>
                {tier.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          <span className={styles.label}>Sort</span>
          <select
            className={styles.select}
            value={sort}
            onChange={(event) => setSort(event.target.value as CollectionSort)}
          >
            {COLLECTION_SORTS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.toggle} role="group" aria-label="Layout">
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={layout === 'grid'}
            onClick={() => setLayout('grid')}
          >
            Grid
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={layout === 'list'}
            onClick={() => setLayout('list')}
          >
            List
          </button>
        </div>
      </div>

      {shown.length === 0 ? (
        <p className={styles.muted}>No genies of this rarity.</p>
      ) : (
        <ul className={layout === 'grid' ? styles.grid : styles.list} aria-label="Your genies">
          {shown.map((genie) => (
            <li key={genie.id}>
              <OwnedGenie genie={genie} layout={layout} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const countByRarity = (genies: readonly UserGenie[]) =>
  genies.reduce<Record<string, number>>((counts, g) => {
    counts[g.genie.rarity] = (counts[g.genie.rarity] ?? 0) + 1;
    return counts;
  }, {});

function StatCard({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={`card ${styles.stat}`}>
      <p className={styles.statLabel}>{label}</p>
      {value === null ? <Skeleton width="60%" height={22} /> : <p className={styles.statValue}>{value}</p>}
    </div>
  );
}
