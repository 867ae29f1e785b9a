// Settings → Notifications (issue 23): a switch per kind the member may turn off (likes, comments, new
// followers, mentions, tips, genie earnings); the server then makes no notification of it. Account,
// security and money notices always come. "Daily digest" gathers the kinds left on into one
// notification a day. A switch changes at once and goes back if the save fails.
import { useId } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import wellness from '../../../ui/Wellness.module.css';
import { useNotificationSettings } from '../hooks/useNotificationSettings';
import type { MutableNotificationType } from '../types';
import styles from './NotificationSettings.module.css';

export const NOTIFICATION_KINDS: readonly {
  type: MutableNotificationType;
  label: string;
  hint: string;
}[] = [
  { type: 'like', label: 'Likes', hint: 'Someone likes your post' },
  { type: 'comment', label: 'Comments', hint: 'Someone comments on your post or replies to you' },
  { type: 'follow', label: 'New followers', hint: 'Someone follows you' },
  { type: 'mention', label: 'Mentions', hint: 'Someone mentions you' },
  { type: 'tip', label: 'Tips', hint: 'Someone sends you energy' },
  { type: 'genie_earning', label: 'Genie earnings', hint: 'Your genies earn AC' },
];

export function NotificationSettings() {
  const ids = useId();
  const { settings, value, update, saving } = useNotificationSettings();
  const muted = new Set<MutableNotificationType>((value?.muted_types ?? []) as MutableNotificationType[]);
  const dailyDigest = value?.daily_digest ?? false;

  return (
    <section className={`card ${wellness.block}`} aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`} className={wellness.cardTitle}>
        Notifications
      </h4>
      {settings.isPending ? (
        <Spinner label="Loading notification settings" />
      ) : settings.isError ? (
        <p className={styles.problem}>
          Notification settings could not be loaded.{' '}
          <button type="button" className="link-btn" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className={styles.list}>
          {NOTIFICATION_KINDS.map((kind) => {
            const on = !muted.has(kind.type);
            return (
              <li key={kind.type} className={styles.row}>
                <span className={styles.text}>
                  <span id={`${ids}-${kind.type}`} className={styles.label}>
                    {kind.label}
                  </span>
                  <span id={`${ids}-${kind.type}-hint`} className={styles.hint}>
                    {kind.hint}
                  </span>
                </span>
                <Switch
                  checked={on}
                  labelledBy={`${ids}-${kind.type}`}
                  describedBy={`${ids}-${kind.type}-hint`}
                  disabled={saving}
                  onChange={(next) => {
                    const types = new Set(muted);
                    if (next) types.delete(kind.type);
                    else types.add(kind.type);
                    update({ muted_types: [...types].sort() });
                  }}
                />
              </li>
            );
          })}
          <li className={`${styles.row} ${styles.digest}`}>
            <span className={styles.text}>
              <span id={`${ids}-digest`} className={styles.label}>
                Daily digest
              </span>
              <span id={`${ids}-digest-hint`} className={styles.hint}>
                One notification each morning instead of one for every like, comment and follow
              </span>
            </span>
            <Switch
              checked={dailyDigest}
              labelledBy={`${ids}-digest`}
              describedBy={`${ids}-digest-hint`}
              disabled={saving}
              onChange={(next) => update({ daily_digest: next })}
            />
          </li>
        </ul>
      )}
      <p className={styles.note}>Account, security and withdrawal notices always reach you.</p>
    </section>
  );
}
