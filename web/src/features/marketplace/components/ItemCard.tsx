// One marketplace item in the grid or the list: preview, name, description, category, price, premium
// and owned tags; Purchase (disabled when owned, and when the balance is below the price: spec 001 §5),
// and for an owned item Apply to Profile / Remove.
import { Spinner } from '../../../ui/Spinner';
import { categoryLabel, formatPrice, MarketplaceTexts } from '../marketplace';
import type { MarketplaceCategory, MarketplaceItem } from '../types';
import styles from './Marketplace.module.css';

export function ItemCard({
  item,
  categories,
  layout,
  onPurchase,
  onToggleApplied,
  applying,
  preview,
  affordable = true,
}: {
  item: MarketplaceItem;
  categories: readonly MarketplaceCategory[];
  layout: 'grid' | 'list';
  onPurchase?: (item: MarketplaceItem) => void;
  onToggleApplied: (item: MarketplaceItem) => void;
  applying: boolean;
  /** The picture to show (see distinctPreviews). */
  preview?: string;
  /** False when the member's balance is below the price. */
  affordable?: boolean;
}) {
  const short = !item.is_owned && !affordable;
  return (
    <article className={`card ${styles.item}`} data-layout={layout} aria-label={item.name}>
      <img className={styles.preview} src={preview ?? item.preview_image_url} alt="" loading="lazy" />
      <div className={styles.itemBody}>
        <h4 className={styles.itemName}>
          {item.name}
          {item.is_premium ? <span className={styles.premium}>Premium</span> : null}
        </h4>
        <p className={styles.muted}>{item.description}</p>
        <p className={styles.meta}>
          <span className={styles.category}>{categoryLabel(item.category, categories)}</span>
          <span className={styles.price}>{formatPrice(item.price)}</span>
          {item.is_active_on_profile ? <span className={styles.active}>Active on profile</span> : null}
        </p>
        {short && onPurchase ? <p className={styles.short}>{MarketplaceTexts.insufficient}</p> : null}
      </div>
      <div className={styles.itemActions}>
        {onPurchase ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={item.is_owned || short}
            onClick={() => onPurchase(item)}
            aria-label={item.is_owned ? `${item.name}: owned` : `Purchase ${item.name}`}
          >
            {item.is_owned ? 'Owned' : 'Purchase'}
          </button>
        ) : null}
        {item.is_owned ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={applying}
            onClick={() => onToggleApplied(item)}
            aria-label={`${item.is_active_on_profile ? 'Remove from Profile' : 'Apply to Profile'}: ${item.name}`}
          >
            {applying ? <Spinner /> : null}
            {item.is_active_on_profile ? 'Remove from Profile' : 'Apply to Profile'}
          </button>
        ) : null}
      </div>
    </article>
  );
}
