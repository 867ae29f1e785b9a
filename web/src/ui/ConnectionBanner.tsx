// The offline banner: shown while the browser is offline, or while the session cannot be restored or
// the realtime connection is being resumed. What was loaded stays on screen; reads resume by themselves.
import { useOnline } from './useOnline';
import styles from './ConnectionBanner.module.css';

export const OFFLINE_TEXT = "You're offline. What you see may be out of date; Aura reconnects by itself.";
export const UNREACHABLE_TEXT = 'Cannot reach Aura right now. Trying again…';
export const RECONNECTING_TEXT = 'Reconnecting to live updates…';

export function ConnectionBanner({ trouble }: { trouble?: 'unreachable' | 'reconnecting' | null }) {
  const online = useOnline();
  const text = !online
    ? OFFLINE_TEXT
    : trouble === 'unreachable'
      ? UNREACHABLE_TEXT
      : trouble === 'reconnecting'
        ? RECONNECTING_TEXT
        : null;
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {text ? (
        <p className={styles.banner} data-kind={online ? trouble : 'offline'}>
          <span className={styles.dot} aria-hidden="true" />
          {text}
        </p>
      ) : null}
    </div>
  );
}
