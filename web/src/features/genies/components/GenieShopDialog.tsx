// The Genie Bottle Shop (spec 001 §2, §5, §8, §9): balance, bottles owned, the bottle price to 1
// decimal, a quantity stepper (1 to 10; a non-numeric entry becomes 1), purchase, reveal, the rarity
// table with odds and daily values, a preview of up to 6 genies, and the reveal-result dialog with
// Awesome and Reveal Another (which reveals again after 0.5 s).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDialogs, type DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { useWallet } from '../../wallet';
import { balanceMicro } from '../../wallet';
import { FormError } from '../../wallet';
import {
  formatBottlePrice,
  formatGenieAC,
  genieFailureMessage,
  GenieTexts,
  parseQuantity,
  purchaseError,
  QUANTITY_MAX,
  QUANTITY_MIN,
  REVEAL_AGAIN_DELAY_MS,
  shopPreview,
  stepQuantity,
} from '../genies';
import { useBottles, useGenieCatalogue, usePurchaseBottles, useRevealBottle } from '../hooks/useGenies';
import type { UserGenie } from '../types';
import { GenieCard } from './GenieCard';
import { RarityTable } from './RarityTable';
import { useSpendingPause } from '../../wallet';
import { RevealResultDialog } from './RevealResultDialog';
import styles from './Genies.module.css';

export function GenieShopDialog(_: DialogContentProps) {
  const { wallet } = useWallet();
  const bottles = useBottles();
  const catalogue = useGenieCatalogue();
  const purchase = usePurchaseBottles();
  const reveal = useRevealBottle();
  const { openDialog } = useAppDialogs();
  const [quantityText, setQuantityText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<UserGenie | null>(null);
  const againTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const quantityId = useId();
  const pause = useSpendingPause('Buy anyway');

  useEffect(() => () => clearTimeout(againTimer.current), []);

  const quantity = parseQuantity(quantityText);
  const price = bottles.data?.price;
  const owned = bottles.data?.bottles_owned ?? 0;
  const busy = purchase.isPending || reveal.isPending;

  const onPurchase = (event: FormEvent) => {
    event.preventDefault();
    if (busy || price === undefined) return;
    setQuantityText(String(quantity));
    const problem = wallet ? purchaseError(balanceMicro(wallet), price, quantity) : null;
    setError(problem);
    if (problem) return;
    buy(quantity, false);
  };

  /** The purchase; `confirmPause` once the member answered the spending pause with "Buy anyway". */
  const buy = (count: number, confirmPause: boolean) =>
    purchase.mutate(
      { quantity: count, confirmPause },
      {
        onSuccess: (answer) =>
          showToast(answer?.message || `Purchased ${count} bottle${count === 1 ? '' : 's'}`),
        onError: (failure) => {
          if (!pause.catches(failure, () => buy(count, true)))
            setError(genieFailureMessage(failure, GenieTexts.purchaseFailed));
        },
      },
    );

  const onReveal = () => {
    if (busy) return;
    setError(null);
    reveal.mutate(undefined, {
      onSuccess: (genie) => setRevealed(genie),
      onError: (failure) => setError(genieFailureMessage(failure, GenieTexts.revealFailed)),
    });
  };

  const onRevealAnother = () => {
    setRevealed(null);
    clearTimeout(againTimer.current);
    againTimer.current = setTimeout(onReveal, REVEAL_AGAIN_DELAY_MS);
  };

  return (
    <div className={styles.dialog}>
      <section className={styles.statsRow} aria-label="Your bottles">
        <Stat label="Balance" value={wallet ? `${formatGenieAC(wallet.aura_coin_balance)} AC` : null} />
        <Stat label="Bottles owned" value={bottles.data ? String(owned) : null} />
        <Stat label="Bottle price" value={price !== undefined ? `${formatBottlePrice(price)} AC` : null} />
      </section>

      {bottles.isError ? (
        <EmptyState icon="genie" title="The shop is unavailable">
          Bottles could not be loaded. Please try again later.
        </EmptyState>
      ) : (
        <form className={`card ${styles.buy}`} onSubmit={onPurchase} noValidate aria-label="Buy bottles">
          <label className={styles.label} htmlFor={quantityId}>
            Quantity
          </label>
          <div className={styles.stepper}>
            <button
              type="button"
              className="icon-btn"
              aria-label="Fewer bottles"
              disabled={quantity <= QUANTITY_MIN}
              onClick={() => setQuantityText(String(stepQuantity(quantity, -1)))}
            >
              −
            </button>
            <input
              id={quantityId}
              className={styles.quantity}
              type="text"
              inputMode="numeric"
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              onBlur={() => setQuantityText(String(parseQuantity(quantityText)))}
              aria-describedby={`${quantityId}-hint`}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label="More bottles"
              disabled={quantity >= QUANTITY_MAX}
              onClick={() => setQuantityText(String(stepQuantity(quantity, 1)))}
            >
              +
            </button>
          </div>
          <p id={`${quantityId}-hint`} className={styles.muted}>
            {QUANTITY_MIN} to {QUANTITY_MAX} bottles
            {price !== undefined ? ` · Total ${formatBottlePrice(price * quantity)} AC` : ''}
          </p>
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy || price === undefined}>
              {purchase.isPending ? <Spinner /> : null}
              Purchase
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy || owned < 1} onClick={onReveal}>
              {reveal.isPending ? <Spinner /> : null}
              Reveal Bottle
            </button>
          </div>
          <FormError error={error} />
        </form>
      )}

      <RarityTable />

      <section className={styles.section} aria-labelledby={`${quantityId}-preview`}>
        <div className={styles.sectionHead}>
          <h3 id={`${quantityId}-preview`} className={styles.sectionTitle}>
            Genies you can find
          </h3>
          <button type="button" className="link-btn" onClick={() => openDialog('genie-collection')}>
            My Genie Collection
          </button>
        </div>
        {catalogue.isPending ? (
          <div className={styles.grid} role="status" aria-label="Loading genies">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={150} />
            ))}
          </div>
        ) : (catalogue.data ?? []).length === 0 ? (
          <p className={styles.muted}>No genies to preview yet.</p>
        ) : (
          <ul className={styles.grid}>
            {shopPreview(catalogue.data ?? []).map((genie) => (
              <li key={genie.id}>
                <GenieCard genie={genie} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {revealed ? (
        <RevealResultDialog
          revealed={revealed}
          canRevealAgain={owned > 0}
          onAwesome={() => setRevealed(null)}
          onRevealAnother={onRevealAnother}
        />
      ) : null}
      {pause.dialog}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={`card ${styles.stat}`}>
      <p className={styles.statLabel}>{label}</p>
      {value === null ? <Skeleton width="60%" height={22} /> : <p className={styles.statValue}>{value}</p>}
    </div>
  );
}
