// The wallet's "Spending that cares" (issue 23 item 7, docs/spending.md): the member's daily limit on
// tips, transfers and purchases and the amount above which a spend asks for a pause after two low
// check-ins. The day so far is shown; a raise or a removal waits 24 hours and says when it takes effect
// ("Keep current" cancels it). Only the fields the member changed are sent. The server enforces it all.
import { useId, useState, type FormEvent } from 'react';
import { moneyFailureMessage } from '../../../api/money';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { useSpendingSettings, useUpdateSpending } from '../hooks/useSpending';
import {
  coolingOffText,
  hasPending,
  lowMoodText,
  pendingText,
  settingText,
  spendingChangeOf,
  SpendingTexts,
  spentTodayText,
  type SpendingSettings,
} from '../spending';
import { FormError } from './FormParts';
import styles from './Wallet.module.css';
import own from './Spending.module.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function SpendingCareSection() {
  const settings = useSpendingSettings();
  const titleId = useId();
  return (
    <section className={`${styles.section} ${own.card}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {SpendingTexts.title}
      </h3>
      <p className={styles.muted}>{SpendingTexts.intro}</p>
      {settings.data ? (
        <SpendingForm settings={settings.data} />
      ) : settings.isError ? (
        <p className={styles.muted}>
          {SpendingTexts.loadFailed}{' '}
          <button type="button" className="link-btn" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading spending settings" />
      )}
    </section>
  );
}

function SpendingForm({ settings }: { settings: SpendingSettings }) {
  const save = useUpdateSpending();
  const ids = useId();
  const [dailyLimit, setDailyLimit] = useState(settingText(settings.daily_limit));
  const [pauseThreshold, setPauseThreshold] = useState(settingText(settings.pause_threshold));
  const [error, setError] = useState<string | null>(null);

  // What is in effect changes under the form (a pending raise came due, another tab saved): follow it,
  // in the same render (React's "adjusting state when a prop changes").
  const [followed, setFollowed] = useState(settings);
  if (
    settings.daily_limit !== followed.daily_limit ||
    settings.pause_threshold !== followed.pause_threshold
  ) {
    if (settings.daily_limit !== followed.daily_limit) setDailyLimit(settingText(settings.daily_limit));
    if (settings.pause_threshold !== followed.pause_threshold)
      setPauseThreshold(settingText(settings.pause_threshold));
    setFollowed(settings);
  }

  const submit = (change: { daily_limit?: string | null; pause_threshold?: string | null }) => {
    setError(null);
    save.mutate(change, {
      onSuccess: (saved) => {
        // The fields show what is in effect; a raise waiting for its 24 hours is said under its field.
        setDailyLimit(settingText(saved.daily_limit));
        setPauseThreshold(settingText(saved.pause_threshold));
        showToast(hasPending(saved) ? SpendingTexts.savedLater : SpendingTexts.saved);
      },
      onError: (failure) => setError(moneyFailureMessage(failure, SpendingTexts.saveFailed)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const change = spendingChangeOf({ dailyLimit, pauseThreshold }, settings);
    if (!change) {
      setError(SpendingTexts.invalid);
      return;
    }
    if (Object.keys(change).length === 0) {
      showToast(SpendingTexts.saved);
      return;
    }
    submit(change);
  };

  const care = [lowMoodText(settings), coolingOffText(settings, clock)].filter(Boolean);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={SpendingTexts.title}>
      <ul className={own.facts}>
        <li>{spentTodayText(settings)}</li>
        {care.map((text) => (
          <li key={text} className={own.care}>
            {text}
          </li>
        ))}
      </ul>
      <div className={own.fields}>
        <SettingField
          id={`${ids}-limit`}
          label={SpendingTexts.dailyLimit}
          hint={SpendingTexts.dailyLimitHint}
          placeholder={SpendingTexts.noLimit}
          value={dailyLimit}
          onChange={setDailyLimit}
          pending={settings.pending_daily_limit}
          onKeep={() => submit({ daily_limit: settingText(settings.daily_limit) || null })}
          busy={save.isPending}
        />
        <SettingField
          id={`${ids}-pause`}
          label={SpendingTexts.pauseThreshold}
          hint={SpendingTexts.pauseThresholdHint}
          placeholder={SpendingTexts.noPause}
          value={pauseThreshold}
          onChange={setPauseThreshold}
          pending={settings.pending_pause_threshold}
          onKeep={() => submit({ pause_threshold: settingText(settings.pause_threshold) || null })}
          busy={save.isPending}
        />
      </div>
      <FormError error={error} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {SpendingTexts.save}
        </button>
      </div>
    </form>
  );
}

function SettingField({
  id,
  label,
  hint,
  placeholder,
  value,
  onChange,
  pending,
  onKeep,
  busy,
}: {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  pending: SpendingSettings['pending_daily_limit'];
  onKeep: () => void;
  busy: boolean;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint${pending ? ` ${id}-pending` : ''}`}
      />
      <span id={`${id}-hint`} className={own.hint}>
        {hint}
      </span>
      {pending ? (
        <span id={`${id}-pending`} className={own.pending}>
          {pendingText(pending, when)}
          <button type="button" className="link-btn" onClick={onKeep} disabled={busy}>
            {SpendingTexts.keep}
          </button>
        </span>
      ) : null}
    </div>
  );
}
