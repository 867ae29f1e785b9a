// The Admin Panel shut to this admin by the server (403): the security policy requires two-factor
// authentication of admins and this one has none. The server's words, a way to Settings → Account
// Security, and a retry once it is on.
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { AdminTexts } from '../admin';
import styles from '../../../ui/Admin.module.css';

export function AdminRefused({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { openDialog } = useAppDialogs();
  const twoFactor = message === AdminTexts.twoFactorRequired;
  return (
    <div className={styles.refused} role="alert">
      <span className={styles.refusedGlyph} aria-hidden="true">
        <Icon name="shield" size={28} />
      </span>
      <p className={styles.refusedTitle}>
        {twoFactor ? 'Two-factor authentication required' : 'The Admin Panel is closed to you'}
      </p>
      <p className={styles.refusedText}>{message}</p>
      <div className={styles.actions}>
        {twoFactor ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => openDialog('profile', { section: 'settings' })}
          >
            Open Account Security
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onRetry} disabled={retrying}>
          {retrying ? <Spinner /> : null}
          Try Again
        </button>
      </div>
    </div>
  );
}
