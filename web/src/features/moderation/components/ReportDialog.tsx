// The Report dialog ('report', opened with {targetType, targetId, about}; issue 21 §3): a reason from the
// list, optional details (up to 500 characters), Submit. The server's thanks is shown in the dialog;
// "You have already reported this" (409) as information; any other refusal in the server's words.
import { useId, useState, type FormEvent } from 'react';
import type { DialogContentProps } from '../../../app/dialogs';
import { REPORT_REASONS } from '../../../api/report-reasons';
import type { ReportReason } from '../../../api/types';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { FormActions, FormProblem } from '../../../ui/SettingsFormParts';
import { useReport } from '../hooks/useReport';
import { TARGET_NOUNS, type ReportTarget } from '../moderation';
import { REPORT_DETAILS_MAX, reportBody, reportFailure, reportTargetOf } from '../reports';
import styles from './ReportDialog.module.css';

export function ReportDialog({ close, props }: DialogContentProps) {
  const target = reportTargetOf(props);
  if (!target)
    return (
      <EmptyState icon="flag" title="Nothing to report">
        This item is no longer available.
      </EmptyState>
    );
  return <ReportForm target={target} close={close} />;
}

function ReportForm({ target, close }: { target: ReportTarget; close: () => void }) {
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The outcome once the server answered: its thanks, or that it was already reported. */
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const ids = useId();
  const noun = TARGET_NOUNS[target.targetType];

  if (outcome)
    return (
      <div className={styles.outcome} data-tone={outcome.tone}>
        <span className={styles.outcomeGlyph} aria-hidden="true">
          <Icon name={outcome.tone === 'success' ? 'check' : 'flag'} size={26} />
        </span>
        <p className={styles.outcomeText} role="status">
          {outcome.text}
        </p>
        <button type="button" className="btn btn-primary" onClick={close}>
          Done
        </button>
      </div>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    setError(null);
    report.mutate(reportBody(target, reason, details), {
      onSuccess: (receipt) => setOutcome({ tone: 'success', text: receipt.message }),
      onError: (failure) => {
        const { tone, text } = reportFailure(failure);
        if (tone === 'info') setOutcome({ tone, text });
        else setError(text);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Report this ${noun}`}>
      <p className={styles.intro}>
        {target.about ? (
          <>
            You're reporting <strong>{target.about}</strong>.
          </>
        ) : (
          `You're reporting this ${noun}.`
        )}{' '}
        Moderators will see it; {target.targetType === 'member' ? 'they' : 'its author'} won't know who
        reported it.
      </p>
      <fieldset className={styles.reasons}>
        <legend className={styles.label}>Why are you reporting it?</legend>
        <div className={styles.reasonList}>
          {REPORT_REASONS.map((item) => (
            <label key={item.id} className={styles.reason}>
              <input
                type="radio"
                name={`${ids}-reason`}
                value={item.id}
                checked={reason === item.id}
                onChange={() => setReason(item.id)}
              />
              <span>{item.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-details`}>
          Details (optional)
        </label>
        <textarea
          id={`${ids}-details`}
          className={styles.textarea}
          maxLength={REPORT_DETAILS_MAX}
          placeholder="Anything that helps the moderators understand"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <span className={styles.counter}>
          {details.length}/{REPORT_DETAILS_MAX}
        </span>
      </div>
      <FormProblem text={error ?? undefined} />
      <FormActions onCancel={close} pending={report.isPending} disabled={!reason}>
        Submit report
      </FormActions>
    </form>
  );
}
