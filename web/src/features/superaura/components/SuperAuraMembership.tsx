// A SuperAura member's subscription (GET /api/superaura/status): the plan, when it renews or ends, and
// Cancel, asked twice (POST /api/superaura/cancel: SuperAura stays until the end of the period paid for).
import { useState } from 'react';
import { moneyFailureMessage } from '../../../api/money';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { useCancelSuperAura, useSuperAuraStatus } from '../hooks/useSuperAura';
import { canCancel, membershipSummary, SuperAuraTexts } from '../superaura';
import styles from './SuperAura.module.css';

export function SuperAuraMembership() {
  const { status, isLoading } = useSuperAuraStatus();
  const cancel = useCancelSuperAura();
  const [asking, setAsking] = useState(false);

  if (isLoading) return <Spinner label="Loading your subscription" />;
  const summary = status ? membershipSummary(status) : null;
  if (!summary) return null;

  const onConfirm = () => {
    if (cancel.isPending) return;
    cancel.mutate(undefined, {
      onSuccess: () => showToast(SuperAuraTexts.cancelled),
      onError: (failure) => showToast(moneyFailureMessage(failure, SuperAuraTexts.cancelFailed), 'error'),
      onSettled: () => setAsking(false),
    });
  };

  return (
    <div className={styles.membershipState} data-testid="superaura-subscription">
      <p className={styles.muted}>{summary}</p>
      {!canCancel(status) ? null : asking ? (
        <div className={styles.row} role="group" aria-label="Cancel SuperAura">
          <p className={styles.muted}>SuperAura stays active until the end of the period paid for.</p>
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            Keep SuperAura
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner /> : null}
            Yes, cancel
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setAsking(true)}>
          Cancel subscription
        </button>
      )}
    </div>
  );
}
