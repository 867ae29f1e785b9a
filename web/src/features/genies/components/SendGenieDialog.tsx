// Send NFT Genie (spec 001 §2, §5, §8): a genie picker, the recipient username with a search from 2
// characters (at most 5 members, never oneself), an optional message with its counter, and the
// transfer summary with the permanent-transfer warning. Opened with {userGenieId} from a genie of the
// collection, or without to pick one.
import { useId, useState, type FormEvent } from 'react';
import { useAppDialogs, type DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import {
  formatGenieAC,
  genieDisplayName,
  GenieTexts,
  GIFT_MESSAGE_MAX,
  GIFT_SEARCH_MIN,
  giftError,
  rarityTier,
  sendFailureMessage,
} from '../genies';
import { useGenieCollection, useSendGenie } from '../hooks/useGenies';
import { FormError, RecipientSuggestions } from '../../wallet';
import { useRecipientSearch } from '../../wallet';
import { GenieImage } from './GenieImage';
import styles from './Genies.module.css';

export function SendGenieDialog({ props, close }: DialogContentProps) {
  const collection = useGenieCollection();
  const send = useSendGenie();
  const { openDialog } = useAppDialogs();
  const initial = typeof props?.userGenieId === 'string' ? props.userGenieId : null;
  const [genieId, setGenieId] = useState<string | null>(initial);
  const [recipient, setRecipient] = useState('');
  const [picked, setPicked] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const suggestions = useRecipientSearch(picked ? '' : recipient, GIFT_SEARCH_MIN);

  if (collection.isPending) {
    return (
      <div className={styles.dialog} role="status" aria-label="Loading your genies">
        <Skeleton height={120} />
        <Skeleton height={44} />
      </div>
    );
  }
  const sendable = (collection.data ?? []).filter((g) => !g.received_as_gift);
  if (sendable.length === 0) {
    return (
      <div className={styles.dialog}>
        <EmptyState icon="genie" title="No genies to send">
          Genies you revealed can be sent as gifts; a genie received as a gift cannot be sent again.
        </EmptyState>
        <button type="button" className="btn btn-primary" onClick={() => openDialog('genie-shop')}>
          Genie Shop
        </button>
      </div>
    );
  }
  const selected = sendable.find((g) => g.id === genieId) ?? null;
  const username = recipient.trim().replace(/^@/, '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = giftError({ userGenieId: selected?.id ?? null, recipientUsername: username, message });
    setError(problem);
    if (problem || !selected) return;
    send.mutate(
      { id: selected.id, recipientUsername: username, message },
      {
        onSuccess: (answer) => {
          showToast(answer?.message || `${genieDisplayName(selected)} was sent to @${username}`);
          close();
        },
        onError: (failure) => setError(sendFailureMessage(failure)),
      },
    );
  };

  return (
    <form className={styles.dialog} onSubmit={onSubmit} noValidate aria-label="Send NFT Genie">
      <fieldset className={styles.picker}>
        <legend className={styles.label}>Choose a genie</legend>
        <ul className={styles.pickerList}>
          {sendable.map((genie) => (
            <li key={genie.id}>
              <label className={styles.pickerItem} data-rarity={rarityTier(genie.genie.rarity).rarity}>
                <input
                  type="radio"
                  name={`${ids}-genie`}
                  value={genie.id}
                  checked={genie.id === selected?.id}
                  onChange={() => setGenieId(genie.id)}
                />
                <GenieImage
                  src={genie.genie.image_url}
                  name={genie.genie.name}
                  rarity={genie.genie.rarity}
                  size="sm"
                />
                <span>
                  {genieDisplayName(genie)}{' '}
                  <span className={styles.muted}>
                    {rarityTier(genie.genie.rarity).label} · {formatGenieAC(genie.daily_earning_rate)} AC/day
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-recipient`}>
          Recipient username
        </label>
        <input
          id={`${ids}-recipient`}
          className={styles.input}
          type="search"
          autoComplete="off"
          placeholder="Search by username (2+ characters)"
          value={recipient}
          onChange={(event) => {
            setRecipient(event.target.value);
            setPicked(false);
          }}
        />
        <RecipientSuggestions
          search={suggestions}
          onPick={(user) => {
            setRecipient(user.username);
            setPicked(true);
            setError(null);
          }}
        />
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-message`}>
          Message (optional)
        </label>
        <textarea
          id={`${ids}-message`}
          className={styles.input}
          maxLength={GIFT_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <span className={styles.counter}>
          {message.length}/{GIFT_MESSAGE_MAX}
        </span>
      </div>

      <section className={`card ${styles.summary}`} aria-label="Transfer summary">
        <h3 className={styles.sectionTitle}>Transfer summary</h3>
        <dl className={styles.summaryList}>
          <div>
            <dt>Genie</dt>
            <dd>
              {selected
                ? `${genieDisplayName(selected)} (${rarityTier(selected.genie.rarity).label})`
                : 'None selected'}
            </dd>
          </div>
          <div>
            <dt>Recipient</dt>
            <dd>{username ? `@${username}` : 'None entered'}</dd>
          </div>
          {selected ? (
            <div>
              <dt>Daily earnings</dt>
              <dd>{formatGenieAC(selected.daily_earning_rate)} AC/day</dd>
            </div>
          ) : null}
        </dl>
        <p className={styles.warning} role="note">
          ⚠️ {GenieTexts.permanentWarning}
        </p>
      </section>

      <FormError error={error} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : null}
          Send Genie
        </button>
      </div>
    </form>
  );
}
