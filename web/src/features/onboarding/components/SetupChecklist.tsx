// The first-run setup checklist: picture, bio, first check-in, follow three people, with members to
// follow beside it. Offered in a member's first two weeks, until every step is done or it is hidden.
import { useId } from 'react';
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';
import { useSignedInUser } from '../../auth';
import { offersChecklist, type SetupStepId } from '../onboarding';
import { useSetupChecklist, useSetupDismissed } from '../hooks/useOnboarding';
import { SuggestedMembers } from './SuggestedMembers';
import styles from './Onboarding.module.css';

export function SetupChecklist() {
  const user = useSignedInUser();
  if (!offersChecklist(user.created_at)) return null;
  return <Checklist />;
}

function Checklist() {
  const { steps, complete, known } = useSetupChecklist();
  const [dismissed, dismiss] = useSetupDismissed();
  const { openDialog } = useAppDialogs();
  const titleId = useId();
  if (!known || complete || dismissed) return null;

  const done = steps.filter((step) => step.done).length;
  const act = (id: SetupStepId) => {
    if (id === 'picture' || id === 'bio') openDialog('profile', { section: 'settings' });
    else if (id === 'checkin') openDialog('profile', { section: 'dashboard' });
    else openDialog('explore');
  };

  return (
    <section className={`card ${styles.checklist}`} aria-labelledby={titleId}>
      <div className={styles.checklistHead}>
        <div>
          <h2 id={titleId} className={styles.checklistTitle}>
            Set up your profile
          </h2>
          <p className={styles.muted}>
            {done} of {steps.length} done
          </p>
        </div>
        <button type="button" className="link-btn" onClick={dismiss}>
          Hide
        </button>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Profile setup"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
      >
        <span style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className={styles.steps} aria-label="Setup checklist">
        {steps.map((step) => (
          <li key={step.id} className={styles.step} data-done={step.done || undefined}>
            <span className={styles.stepMark} aria-hidden="true">
              {step.done ? <Icon name="check" size={16} /> : null}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepLabel}>
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <span className={styles.muted}>{step.hint}</span>
            </span>
            {step.done ? null : (
              <button
                type="button"
                className={`btn btn-ghost ${styles.stepAction}`}
                onClick={() => act(step.id)}
              >
                {step.action}
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className={styles.inlineSuggestions}>
        <SuggestedMembers />
      </div>
    </section>
  );
}
