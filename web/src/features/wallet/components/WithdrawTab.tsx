// The wallet's Withdraw tab (spec 001 §2, §5, §8, §9): PayPal email and USD amount; the form shows only
// when the balance is worth $10 or more, otherwise the Insufficient Balance notice. One pending request
// at a time: the member's requests are listed (GET /api/withdrawals) and the server refuses a second.
import { useId, useState, type FormEvent } from 'react';
import { moneyFailureMessage } from '../../../api/money';
import { formatUSD } from '../../../ui/format';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { useRequestWithdrawal, useWithdrawals } from '../hooks/useMoneyActions';
import { useWallet } from '../hooks/useWallet';
import type { Withdrawal } from '../types';
import { canWithdraw, WalletTexts, withdrawalError, WITHDRAW_MIN_USD } from '../wallet';
import { AmountField, FormFooter } from './FormParts';
import styles from './Wallet.module.css';

export function WithdrawTab() {
  const { wallet, isLoading } = useWallet();
  const { withdrawals } = useWithdrawals();

  return (
    <div className={styles.form}>
      {isLoading ? (
        <Spinner />
      ) : canWithdraw(wallet?.usd_equivalent) ? (
        <WithdrawForm usdBalance={wallet!.usd_equivalent} />
      ) : (
        <div className={styles.notice} role="status">
          <p className={styles.noticeTitle}>{WalletTexts.insufficientTitle}</p>
          <p className={styles.muted}>
            You need AuraCoins worth at least ${WITHDRAW_MIN_USD} to withdraw. Your balance is worth{' '}
            {wallet ? formatUSD(wallet.usd_equivalent) : '$—'}.
          </p>
        </div>
      )}
      <ul className={styles.rules}>
        <li>Minimum withdrawal $10</li>
        <li>PayPal only; processed in 1 to 3 business days</li>
        <li>{WalletTexts.onePending}</li>
      </ul>
      {withdrawals.length > 0 ? <WithdrawalList withdrawals={withdrawals} /> : null}
    </div>
  );
}

function WithdrawForm({ usdBalance }: { usdBalance: number }) {
  const request = useRequestWithdrawal();
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const problem = withdrawalError({ amount, paypalEmail: email, password }, usdBalance);
    setError(problem);
    if (problem) return;
    request.mutate(
      { amount, paypalEmail: email, password },
      {
        onSuccess: (answer) => {
          showToast(answer.message);
          setAmount('');
          setEmail('');
        },
        onError: (failure) => setError(moneyFailureMessage(failure, WalletTexts.withdrawalFailed)),
        // The password is asked again for every attempt, never kept.
        onSettled: () => setPassword(''),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Withdraw">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-email`}>
          PayPal Email
        </label>
        <input
          id={`${ids}-email`}
          className={styles.input}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <AmountField
        label="Amount (USD)"
        value={amount}
        onChange={setAmount}
        min={WITHDRAW_MIN_USD}
        step="0.01"
        placeholder="10.00"
        hint={`Available: ${formatUSD(usdBalance)}`}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-password`}>
          Your password
        </label>
        <input
          id={`${ids}-password`}
          className={styles.input}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span className={styles.counter}>Asked again for every withdrawal, to keep your AuraCoins safe.</span>
      </div>
      <FormFooter error={error} busy={request.isPending} submitLabel="Request Withdrawal" />
    </form>
  );
}

function WithdrawalList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Your Withdrawal Requests
      </h3>
      <ul className={styles.history} aria-label="Withdrawal requests">
        {withdrawals.map((item) => (
          <li key={item.id} className={styles.request}>
            <span>
              <strong>{formatUSD(item.amount)}</strong>{' '}
              <span className={styles.handle}>to {item.paypal_email}</span>
              {item.admin_notes ? <span className={styles.meta}> · {item.admin_notes}</span> : null}
            </span>
            <span className={styles.status} data-status={item.status}>
              {item.status}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
