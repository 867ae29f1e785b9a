// The wallet's Buy AuraCoins tab (spec 001 §2, §3, §7, §8): the AC packages (name, AC amount, USD price,
// bonus, the Popular mark); choosing one starts a card checkout and the browser leaves for it. The
// return from the provider is handled app-wide (PaymentReturnHandler).
import { useId } from 'react';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { usePackageCheckout, usePaymentPackages } from '../hooks/usePayments';
import { formatPackageAC } from '../payment-return';
import { FormError } from './FormParts';
import styles from './Wallet.module.css';

/** "$9.99": a price, in whole cents. */
const formatPrice = (usd: number) => `$${usd.toFixed(2)}`;

export function BuyCoinsTab() {
  const { packages, isLoading, isError, refetch } = usePaymentPackages();
  const checkout = usePackageCheckout();
  const titleId = useId();

  return (
    <section className={styles.form} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Choose a package
      </h3>
      {isLoading ? (
        <div role="status" aria-label="Loading packages" className={styles.packages}>
          <Skeleton height={150} />
          <Skeleton height={150} />
          <Skeleton height={150} />
        </div>
      ) : isError ? (
        <p className={styles.muted}>
          The packages could not be loaded.{' '}
          <button type="button" className="link-btn" onClick={refetch}>
            Try again
          </button>
        </p>
      ) : packages.length === 0 ? (
        <p className={styles.muted}>No packages are on sale right now</p>
      ) : (
        <ul className={styles.packages} aria-label="AuraCoin packages">
          {packages.map((item) => (
            <li key={item.id} className={styles.package} data-popular={item.is_popular}>
              {item.is_popular ? <span className={styles.mark}>Popular</span> : null}
              <p className={styles.packageName}>{item.name}</p>
              <p className={styles.packageAmount}>{formatPackageAC(item.auracoin_amount)} AC</p>
              {item.bonus_percentage > 0 ? (
                <p className={styles.packageBonus}>Includes {item.bonus_percentage}% bonus</p>
              ) : null}
              <p className={styles.packagePrice}>{formatPrice(item.usd_price)}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={checkout.busy}
                onClick={() => checkout.choose(item.id)}
                aria-label={`Buy ${item.name}: ${formatPackageAC(item.auracoin_amount)} AC for ${formatPrice(item.usd_price)}`}
              >
                {checkout.isStarting(item.id) ? <Spinner /> : null}
                Buy
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={checkout.error} />
      <p className={styles.muted}>
        Payments are made by card on a secure checkout page; you come back here when it is done.
      </p>
    </section>
  );
}
