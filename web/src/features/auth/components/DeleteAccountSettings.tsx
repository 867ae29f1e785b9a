// Settings → Account Security → Delete Account, last and set apart (the danger zone): the account is
// deleted 30 days after the request and signing in before then keeps it; what is erased, and that the
// AuraCoin in the wallet is lost. The button opens the confirmation (loaded when first opened).
import { useId, useState } from 'react';
import { lazyWithSpinner } from '../../../ui/lazy';
import { MediaIcon } from '../../../ui/media-icons';
import wellness from '../../../ui/Wellness.module.css';
import { DELETION_GRACE_DAYS } from '../account-deletion';
import styles from './AccountSecurity.module.css';

const DeleteAccountDialog = lazyWithSpinner<{ onClose: () => void }>(
  () => import('./DeleteAccountDialog').then((module) => module.DeleteAccountDialog),
  'Loading',
);

export function DeleteAccountSettings() {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  return (
    <section className={`card ${wellness.block} ${styles.dangerZone}`} aria-labelledby={titleId}>
      <h4 id={titleId} className={`${wellness.cardTitle} ${styles.dangerTitle}`}>
        <MediaIcon name="alert" size={16} />
        Delete Account
      </h4>
      <p className={wellness.hint}>
        Your account is deleted {DELETION_GRACE_DAYS} days after you ask, and you are signed out on every
        device at once. Changed your mind? Sign in again before then and it stays.
      </p>
      <p className={wellness.hint}>
        Erased for good: your profile, posts, stories, comments, the messages you sent, check-ins, reflections
        and the files you uploaded. Any AuraCoin in your wallet is lost.
      </p>
      <div className={wellness.formActions}>
        <button type="button" className={`btn ${styles.deleteButton}`} onClick={() => setConfirming(true)}>
          Delete Account
        </button>
      </div>
      {confirming ? <DeleteAccountDialog onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}
