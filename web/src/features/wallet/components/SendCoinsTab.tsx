// The wallet's Send AuraCoins tab (spec 001 §2, §5, §8): recipient search from 3 characters with at
// most 5 members, amount (step and minimum 0.001, not above the balance), optional message up to 200
// characters; POST /api/payments/transfer with an Idempotency-Key per attempt.
import { useId, useState, type FormEvent } from 'react';
import { moneyFailureMessage } from '../../../api/money';
import { Avatar } from '../../../ui/Avatar';
import { showToast } from '../../../ui/toast';
import { useTransfer } from '../hooks/useMoneyActions';
import { useRecipientSearch } from '../hooks/useRecipientSearch';
import { useWallet } from '../hooks/useWallet';
import type { Recipient } from '../types';
import { AC_STEP, balanceMicro, transferError, WalletTexts } from '../wallet';
import { AmountField, FormFooter, MessageField, RecipientSuggestions } from './FormParts';
import { useSpendingPause } from './SpendingPause';
import styles from './Wallet.module.css';

export function SendCoinsTab() {
  const { wallet } = useWallet();
  const transfer = useTransfer();
  const [search, setSearch] = useState('');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const suggestions = useRecipientSearch(recipient ? '' : search);
  const pause = useSpendingPause('Send anyway');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const problem = transferError(
      { recipientId: recipient?.id ?? null, amount, message },
      wallet ? balanceMicro(wallet) : 0,
    );
    setError(problem);
    if (problem || !recipient) return;
    send(recipient, false);
  };

  /** The transfer; `confirmPause` once the member answered the spending pause with "Send anyway". */
  const send = (recipient: Recipient, confirmPause: boolean) =>
    transfer.mutate(
      { recipientId: recipient.id, amount, message, confirmPause },
      {
        onSuccess: (sent) => {
          showToast(sent?.message || `Sent ${amount.trim()} AC to @${recipient.username}`);
          setRecipient(null);
          setSearch('');
          setAmount('');
          setMessage('');
        },
        onError: (failure) => {
          if (!pause.catches(failure, () => send(recipient, true)))
            setError(moneyFailureMessage(failure, WalletTexts.transferFailed));
        },
      },
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Send AuraCoins">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-recipient`}>
          Recipient
        </label>
        {recipient ? (
          <div className={styles.selected}>
            <Avatar username={recipient.username} src={recipient.profile_picture} size="sm" />
            <span className={styles.selectedName}>
              {recipient.display_name} <span className={styles.handle}>@{recipient.username}</span>
            </span>
            <button
              type="button"
              className="link-btn"
              onClick={() => setRecipient(null)}
              aria-label={`Change recipient @${recipient.username}`}
            >
              Change
            </button>
          </div>
        ) : (
          <>
            <input
              id={`${ids}-recipient`}
              className={styles.input}
              type="search"
              autoComplete="off"
              placeholder="Search by username (3+ characters)"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <RecipientSuggestions
              search={suggestions}
              onPick={(user) => {
                setRecipient(user);
                setError(null);
              }}
            />
          </>
        )}
      </div>

      <AmountField
        label="Amount (AC)"
        value={amount}
        onChange={setAmount}
        min={AC_STEP}
        step={AC_STEP}
        placeholder="0.000"
      />
      <MessageField value={message} onChange={setMessage} />
      <FormFooter error={error} busy={transfer.isPending} submitLabel="Send AuraCoins" />
      {pause.dialog}
    </form>
  );
}
