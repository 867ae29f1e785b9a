// The confirm-purchase dialog (spec 001 §2, §5, §8): the item, its price and the balance; when the
// balance is below the price it shows "Insufficient balance!" and Purchase is disabled. A failed
// purchase shows the server's detail or "Failed to purchase item".
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { canAfford, formatPrice, MarketplaceTexts } from '../marketplace';
import type { MarketplaceItem } from '../types';
import styles from './Marketplace.module.css';

export function ConfirmPurchaseDialog({
  item,
  balance,
  balanceMicro,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  item: MarketplaceItem;
  /** AC, for display (undefined while loading). */
  balance: number | undefined;
  balanceMicro: number | undefined;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const short = balanceMicro !== undefined && !canAfford(balanceMicro, item.price);
  return (
    <Modal title="Confirm Purchase" onClose={onCancel}>
      <div className={styles.confirm}>
        <img className={styles.preview} src={item.preview_image_url} alt="" />
        <p className={styles.itemName}>{item.name}</p>
        <dl className={styles.summary}>
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(item.price)}</dd>
          </div>
          <div>
            <dt>Your balance</dt>
            <dd>{balance === undefined ? '…' : `${balance.toFixed(3)} AC`}</dd>
          </div>
        </dl>
        {short ? (
          <p className={styles.error} role="alert">
            {MarketplaceTexts.insufficient}
          </p>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={short || pending || balanceMicro === undefined}
            onClick={onConfirm}
          >
            {pending ? <Spinner /> : null}
            Confirm Purchase
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}
