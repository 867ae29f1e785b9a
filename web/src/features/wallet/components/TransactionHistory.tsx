// The wallet's history (spec 000 §2 "transaction history in a scrollable list with a maximum height";
// §3 Transaction: description as the server sends it, type, signed amount, time). Paged by cursor.
import { useId } from 'react';
import { Icon, type IconName } from '../../../ui/icons';
import { Skeleton } from '../../../ui/Skeleton';
import { useTransactions } from '../hooks/useTransactions';
import type { Transaction } from '../types';
import { formatSignedAC } from '../wallet';
import styles from './Wallet.module.css';

const KIND_ICON: Record<Transaction['transaction_type'], IconName> = {
  earning: 'sparkle',
  spending: 'store',
  transfer: 'send',
  other: 'coin',
};

const KIND_LABEL: Record<Transaction['transaction_type'], string> = {
  earning: 'Earning',
  spending: 'Spending',
  transfer: 'Transfer',
  other: 'Other',
};

const timeOf = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isFinite(time)
    ? new Date(time).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : '';
};

export function TransactionHistory() {
  const history = useTransactions();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Transaction History
      </h3>
      {history.isLoading ? (
        <div role="status" aria-label="Loading transactions" className={styles.section}>
          <Skeleton height={52} />
          <Skeleton height={52} />
          <Skeleton height={52} />
        </div>
      ) : history.isError ? (
        <p className={styles.muted}>
          The transaction history could not be loaded.{' '}
          <button type="button" className="link-btn" onClick={history.refetch}>
            Try again
          </button>
        </p>
      ) : history.transactions.length === 0 ? (
        <p className={styles.muted}>No transactions yet</p>
      ) : (
        // Focusable so that the list scrolls with the keyboard too (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus to scroll
        <ul className={styles.history} aria-label="Transactions" tabIndex={0}>
          {history.transactions.map((item) => (
            <TransactionRow key={item.id} item={item} />
          ))}
          {history.hasNextPage ? (
            <li className={styles.actions}>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={history.fetchNextPage}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function TransactionRow({ item }: { item: Transaction }) {
  const sign = item.amount > 0 ? 'in' : item.amount < 0 ? 'out' : 'none';
  return (
    <li className={styles.transaction} data-type={item.transaction_type}>
      <span
        className={styles.kind}
        data-type={item.transaction_type}
        title={KIND_LABEL[item.transaction_type]}
      >
        <Icon name={KIND_ICON[item.transaction_type] ?? 'coin'} size={16} />
        <span className="sr-only">{KIND_LABEL[item.transaction_type]}</span>
      </span>
      <div>
        <p className={styles.description}>{item.description}</p>
        <p className={styles.meta}>
          {timeOf(item.created_at)}
          {item.memo ? ` · “${item.memo}”` : ''}
        </p>
      </div>
      <span className={styles.amount} data-sign={sign}>
        {formatSignedAC(item.amount)}
      </span>
    </li>
  );
}
