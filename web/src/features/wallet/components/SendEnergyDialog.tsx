// The Send Energy (tip) dialog ('send-energy', opened with {userId, username, displayName}; spec 000
// §2, §5, §8): amount (step and minimum 0.001), currency AC (USD shown disabled, 'Coming Soon'),
// optional message up to 200 characters. Success names the amount, currency and recipient; the form
// clears, the dialog closes and the wallet refreshes. A failure shows the server's detail, else
// 'Failed to send tip'.
import { useId, useState, type FormEvent } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { moneyFailureMessage } from '../../../api/money';
import { Avatar } from '../../../ui/Avatar';
import { formatAC } from '../../../ui/format';
import { showToast } from '../../../ui/toast';
import { useSendTip } from '../hooks/useMoneyActions';
import { useWallet } from '../hooks/useWallet';
import { AC_STEP, canSendTip, tipError, tipSuccessMessage, WalletTexts } from '../wallet';
import { AmountField, FormFooter, MessageField } from './FormParts';
import { useSpendingPause } from './SpendingPause';
import styles from './Wallet.module.css';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function SendEnergyDialog({ close, props }: DialogContentProps) {
  const recipientId = text(props?.userId);
  const username = text(props?.username);
  const displayName = text(props?.displayName) || username;
  const picture = text(props?.profilePicture);
  const { wallet } = useWallet();
  const tip = useSendTip();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const pause = useSpendingPause('Send anyway');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tip.isPending || !canSendTip(amount)) return;
    const problem = tipError({ amount, message });
    setError(problem);
    if (problem) return;
    send(false);
  };

  /** The tip; `confirmPause` once the member answered the spending pause with "Send anyway". */
  const send = (confirmPause: boolean) =>
    tip.mutate(
      { recipientId, amount, message, confirmPause },
      {
        onSuccess: (sent) => {
          showToast(
            tipSuccessMessage({
              amount: sent?.amount ?? Number(amount),
              currency: sent?.currency ?? 'AC',
              recipient: { username: sent?.recipient?.username || username },
            }),
          );
          setAmount('');
          setMessage('');
          close();
        },
        onError: (failure) => {
          if (!pause.catches(failure, () => send(true)))
            setError(moneyFailureMessage(failure, WalletTexts.tipFailed));
        },
      },
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Send Energy">
      <div className={styles.recipient}>
        <Avatar username={username || '?'} src={picture} size="md" />
        <span>
          Send energy to <strong>{displayName}</strong>{' '}
          {username ? <span className={styles.handle}>@{username}</span> : null}
        </span>
      </div>

      <AmountField
        label="Amount"
        value={amount}
        onChange={setAmount}
        min={AC_STEP}
        step={AC_STEP}
        placeholder="0.001"
        hint={wallet ? `Balance: ${formatAC(wallet.aura_coin_balance, 3)}` : undefined}
      />

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-currency`}>
          Currency
        </label>
        <select id={`${ids}-currency`} className={styles.select} value="AC" onChange={() => undefined}>
          <option value="AC">AC</option>
          <option value="USD" disabled>
            USD ({WalletTexts.comingSoon})
          </option>
        </select>
      </div>

      <MessageField value={message} onChange={setMessage} />
      <FormFooter error={error} busy={tip.isPending} disabled={!canSendTip(amount)} submitLabel="Send Energy">
        <button type="button" className="btn btn-ghost" onClick={close}>
          Cancel
        </button>
      </FormFooter>
      {pause.dialog}
    </form>
  );
}
