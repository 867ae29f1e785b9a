// Pieces the wallet's forms share (Send Energy, Send AuraCoins, Withdraw; the checkouts' error), and the
// recipient suggestions Send NFT Genie uses too.
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import type { Recipient } from '../types';
import { MESSAGE_MAX } from '../wallet';
import styles from './Wallet.module.css';

/** The optional message, up to 200 characters, with its counter. */
export function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        Message (optional)
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        maxLength={MESSAGE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className={styles.counter}>
        {value.length}/{MESSAGE_MAX}
      </span>
    </div>
  );
}

/** A labelled decimal amount (AC or USD). */
export function AmountField({
  label,
  value,
  onChange,
  min,
  step,
  placeholder,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: string | number;
  step: string;
  placeholder: string;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? <span className={styles.counter}>{hint}</span> : null}
    </div>
  );
}

/** A failure to show where it happened (spec 001 §8: the server's detail, else the action's message). */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

/** The form's error (a rule of the spec or the server's message), then its buttons. */
export function FormFooter({
  error,
  busy,
  submitLabel,
  disabled = false,
  children,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  disabled?: boolean;
  /** Buttons before the submit button (e.g. Cancel). */
  children?: ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      <div className={styles.actions}>
        {children}
        <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
          {busy ? <Spinner /> : null}
          {submitLabel}
        </button>
      </div>
    </>
  );
}

/** What a recipient search hook answers (useRecipientSearch). */
export interface RecipientSearchState {
  active: boolean;
  isSearching: boolean;
  recipients: Recipient[];
}

/** The member search's state and its matches (Send AuraCoins, Send NFT Genie). */
export function RecipientSuggestions({
  search,
  onPick,
}: {
  search: RecipientSearchState;
  onPick: (user: Recipient) => void;
}) {
  return (
    <>
      {search.isSearching ? (
        <p className={styles.muted} role="status">
          Searching…
        </p>
      ) : search.active && search.recipients.length === 0 ? (
        <p className={styles.muted}>No members found</p>
      ) : null}
      {search.recipients.length > 0 ? (
        <ul className={styles.suggestions} aria-label="Recipients">
          {search.recipients.map((user) => (
            <li key={user.id}>
              <button type="button" className={styles.suggestion} onClick={() => onPick(user)}>
                <Avatar username={user.username} src={user.profile_picture} size="sm" />
                <span>
                  {user.display_name} <span className={styles.handle}>@{user.username}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
