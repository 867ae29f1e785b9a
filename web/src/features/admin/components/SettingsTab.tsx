// The Settings tab (spec 001 §5, §6, §8, §9). For a super admin: the Genie bottle price (50 to 1000 AC),
// the platform settings minimum withdrawal (USD) and post reward (AC), all saved on the server, and the
// security policy. An admin sees the security policy only, read-only.
import { useId, useState, type FormEvent } from 'react';
import type { UserRole } from '../../../api/types';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import {
  adminFailureMessage,
  AdminTexts,
  bottlePriceError,
  BOTTLE_PRICE_MAX,
  BOTTLE_PRICE_MIN,
  canEditPlatformSettings,
  settingsError,
} from '../admin';
import { useAdminSettings, useBottlePrice, useSetBottlePrice, useUpdateSettings } from '../hooks/useAdmin';
import styles from '../../../ui/Admin.module.css';
import { ErrorLine } from './parts';
import { SecurityPolicySetting } from './SecurityPolicySetting';

export function SettingsTab({ role }: { role: UserRole }) {
  return (
    <div className={styles.tab}>
      {canEditPlatformSettings(role) ? (
        <>
          <BottlePriceForm />
          <PlatformSettingsForm />
        </>
      ) : null}
      <SecurityPolicySetting role={role} />
    </div>
  );
}

function BottlePriceForm() {
  const { data: current } = useBottlePrice();
  const setPrice = useSetBottlePrice();
  const [price, setPriceText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const titleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (setPrice.isPending) return;
    const problem = bottlePriceError(price);
    setError(problem);
    if (problem) return;
    setPrice.mutate(Number(price.trim()), {
      onSuccess: (answer) => {
        showToast(answer.message);
        setPriceText('');
      },
      onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.priceFailed)),
    });
  };

  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        Genie Bottle Price
      </h3>
      <p className={styles.muted}>
        Current price: {current === undefined ? '…' : `${current.toFixed(1)} AC`}. Allowed {BOTTLE_PRICE_MIN}{' '}
        to {BOTTLE_PRICE_MAX} AC.
      </p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          Genie bottle price (AC)
        </label>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="decimal"
          min={BOTTLE_PRICE_MIN}
          max={BOTTLE_PRICE_MAX}
          placeholder={current === undefined ? '300' : String(current)}
          value={price}
          onChange={(event) => setPriceText(event.target.value)}
        />
      </div>
      <ErrorLine error={error} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={setPrice.isPending}>
          Update Price
        </button>
      </div>
    </form>
  );
}

function PlatformSettingsForm() {
  const { data: settings, isPending } = useAdminSettings();
  const update = useUpdateSettings();
  const [minWithdrawal, setMinWithdrawal] = useState('');
  const [postReward, setPostReward] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  // The fields start from the saved settings once they arrive; a later read (after a save) leaves
  // what the super admin typed alone.
  const [started, setStarted] = useState(false);
  if (settings && !started) {
    setStarted(true);
    setMinWithdrawal(String(settings.min_withdrawal_usd));
    setPostReward(String(settings.post_reward_ac));
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const problem = settingsError({ minWithdrawalUsd: minWithdrawal, postRewardAc: postReward });
    setError(problem);
    if (problem) return;
    update.mutate(
      { min_withdrawal_usd: Number(minWithdrawal.trim()), post_reward_ac: Number(postReward.trim()) },
      {
        onSuccess: () => showToast('Settings saved'),
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.settingsFailed)),
      },
    );
  };

  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.sectionTitle}>
        Platform Settings
      </h3>
      {isPending ? (
        <Spinner label="Loading settings" />
      ) : (
        <>
          <div className={styles.toolbar}>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${ids}-min`}>
                Minimum withdrawal (USD)
              </label>
              <input
                id={`${ids}-min`}
                className={styles.input}
                type="number"
                inputMode="decimal"
                min="1"
                max="10000"
                step="0.01"
                value={minWithdrawal}
                onChange={(event) => setMinWithdrawal(event.target.value)}
              />
            </div>
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${ids}-reward`}>
                Post reward (AC)
              </label>
              <input
                id={`${ids}-reward`}
                className={styles.input}
                type="number"
                inputMode="decimal"
                min="0"
                max="1"
                step="0.001"
                value={postReward}
                onChange={(event) => setPostReward(event.target.value)}
              />
            </div>
          </div>
          <ErrorLine error={error} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              Save Settings
            </button>
          </div>
        </>
      )}
    </form>
  );
}
