// A moderation case (issue 21 §3): the reported content in its context (a comment's post, a private
// message, a profile), the reporters with their reasons and details, the member's prior cases and how
// they ended, the actions taken; while open, the actions that close it, each confirmed with a reason
// (and the days of a suspension) before it is taken; once closed by a suspension or ban, its early lift
// (confirmed with a reason too), and when it was lifted.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { reasonLabel } from '../../../api/report-reasons';
import type { ModerationActionKind, ModerationCase } from '../../../api/types';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { FormActions } from '../../../ui/SettingsFormParts';
import { TARGET_NOUNS } from '../../moderation';
import { adminFailureMessage } from '../admin';
import { useActOnCase, useLiftRestriction, useModerationCase } from '../hooks/useModeration';
import {
  ACTION_LABELS,
  ACTION_REASON_MAX,
  actionBody,
  actionConfirmation,
  actionDraftError,
  actionNotice,
  actionsFor,
  imageOf,
  LIFT_LABELS,
  liftableOf,
  liftBody,
  liftConfirmation,
  liftedLine,
  liftNotice,
  ModerationTexts,
  reasonError,
  reportCount,
  SUSPEND_DAY_CHOICES,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  TARGET_LABELS,
  targetContext,
  type LiftableAction,
} from '../moderation';
import styles from '../../../ui/Admin.module.css';
import moderation from './Moderation.module.css';
import { AuditItem, CaseStatusBadge, CaseSummary } from './ModerationParts';
import { Badge, ErrorLine, formatDate } from './parts';

export function CaseDialog({ summary, onClose }: { summary: ModerationCase; onClose: () => void }) {
  const detail = useModerationCase(summary.id);
  const [acting, setActing] = useState<ModerationActionKind | null>(null);
  const [lifting, setLifting] = useState<LiftableAction | null>(null);
  // The case as last read (an action or a lift answers it anew); the queue's copy until then.
  const item = detail.data?.case ?? summary;
  const actions = actionsFor(item);
  const liftable = liftableOf(item);
  const offersAction = actions.length > 0 || liftable !== null;
  const content = useRef<HTMLDivElement>(null);
  const offered = useRef(offersAction);
  useEffect(() => {
    // Once an action or a lift is taken, its button is gone: the focus it held goes to the case.
    if (offered.current && !offersAction) content.current?.focus();
    offered.current = offersAction;
  }, [offersAction]);

  return (
    <Modal title={`Reported ${TARGET_NOUNS[item.target.type]}`} onClose={onClose} size="lg">
      {/* With nothing left to act on, the case itself is focusable, so that the keyboard scrolls it
          (WCAG 2.1.1). */}
      <div
        ref={content}
        className={`${styles.tab} ${moderation.caseBody}`}
        role="group"
        aria-label="The case"
        tabIndex={offersAction ? -1 : 0}
      >
        <ReportedContent item={item} />
        {actions.length > 0 ? (
          <div className={styles.actions} role="group" aria-label="Act on this case">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`btn btn-ghost ${action === 'ban' ? moderation.danger : ''}`}
                onClick={() => setActing(action)}
              >
                {ACTION_LABELS[action]}
              </button>
            ))}
          </div>
        ) : null}
        {liftable ? (
          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost" onClick={() => setLifting(liftable)}>
              {LIFT_LABELS[liftable]}
            </button>
          </div>
        ) : null}
        {detail.isPending ? (
          <Spinner label="Loading the case" />
        ) : detail.isError || !detail.data ? (
          <div className={styles.refused}>
            <EmptyState icon="flag" title="The case could not be loaded." />
            <button type="button" className="btn btn-ghost" onClick={() => void detail.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <Section title={`Reports (${detail.data.reports.length})`}>
              <ul className={styles.list} aria-label="Reports">
                {detail.data.reports.map((report) => (
                  <li
                    key={report.id}
                    className={styles.item}
                    aria-label={`Report by @${report.reporter.username}`}
                  >
                    <div className={styles.row}>
                      <p className={styles.name}>
                        @{report.reporter.username}{' '}
                        <span className={styles.meta}>{report.reporter.display_name}</span>
                      </p>
                      <Badge tone={report.reason}>{reasonLabel(report.reason)}</Badge>
                    </div>
                    {report.details ? <p className={styles.text}>{report.details}</p> : null}
                    <p className={styles.meta}>
                      <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
            <Section title="Actions taken">
              {detail.data.actions.length === 0 ? (
                <p className={styles.muted}>None yet.</p>
              ) : (
                <ul className={styles.list} aria-label="Actions taken">
                  {detail.data.actions.map((entry) => (
                    <AuditItem key={entry.id} entry={entry} />
                  ))}
                </ul>
              )}
            </Section>
            <Section title="Prior reports">
              {detail.data.prior_cases.length === 0 ? (
                <p className={styles.muted}>No earlier reports about @{item.member.username}.</p>
              ) : (
                <ul className={styles.list} aria-label="Prior reports">
                  {detail.data.prior_cases.map((prior) => (
                    <CaseSummary key={prior.id} item={prior} />
                  ))}
                </ul>
              )}
            </Section>
          </>
        )}
      </div>
      {acting ? <ActionDialog action={acting} item={item} onClose={() => setActing(null)} /> : null}
      {lifting ? <LiftDialog kind={lifting} item={item} onClose={() => setLifting(null)} /> : null}
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What was reported, as the first reporter saw it, where it sits, whose it is and how the case stands. */
function ReportedContent({ item }: { item: ModerationCase }) {
  const { target, member } = item;
  const image = imageOf(target);
  const lifted = liftedLine(item);
  return (
    <Section title="Reported content">
      <div className={styles.row}>
        <div className={styles.badges}>
          <Badge tone={target.type}>{TARGET_LABELS[target.type]}</Badge>
          <CaseStatusBadge item={item} />
        </div>
        <p className={styles.meta}>
          {reportCount(item.report_count)} · first {formatDate(item.first_reported_at)} · last{' '}
          {formatDate(item.last_reported_at)}
        </p>
      </div>
      <p className={styles.meta}>
        {targetContext(target)} by @{member.username} ({member.display_name})
        {target.created_at ? ` · ${formatDate(target.created_at)}` : ''}
      </p>
      {lifted ? <p className={moderation.lifted}>{lifted}</p> : null}
      <blockquote className={moderation.quote}>
        {target.text ? <p className={styles.text}>{target.text}</p> : <p className={styles.muted}>No text</p>}
        {image ? (
          <img
            className={moderation.reportedImage}
            src={image}
            alt={`Media of the reported ${target.type}`}
          />
        ) : target.media_url ? (
          <p className={styles.muted}>
            {target.type === 'message'
              ? 'A private attachment (not shown).'
              : 'Media attached (not an image).'}
          </p>
        ) : null}
      </blockquote>
    </Section>
  );
}

/** The confirm step: what the action does, the reason (and the days of a suspension), then the action. */
function ActionDialog({
  action,
  item,
  onClose,
}: {
  action: ModerationActionKind;
  item: ModerationCase;
  onClose: () => void;
}) {
  const act = useActOnCase(item.id);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const { title, text, confirm } = actionConfirmation(action, item);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (act.isPending) return;
    const draft = { action, reason, days };
    const problem = actionDraftError(draft);
    setError(problem);
    if (problem) return;
    act.mutate(actionBody(draft), {
      onSuccess: () => {
        showToast(actionNotice(draft, item));
        onClose();
      },
      onError: (failure) => setError(adminFailureMessage(failure, ModerationTexts.actionFailed)),
    });
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className={styles.confirm} onSubmit={onSubmit} noValidate aria-label={title}>
        <p className={styles.text}>{text}</p>
        {action === 'suspend' ? (
          <div className={styles.field}>
            <span className={styles.label} id={`${ids}-days-label`}>
              Suspend for
            </span>
            <div className={styles.segmented} role="group" aria-labelledby={`${ids}-days-label`}>
              {SUSPEND_DAY_CHOICES.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className={styles.segment}
                  aria-pressed={days === String(choice)}
                  onClick={() => setDays(String(choice))}
                >
                  {choice === 1 ? '1 day' : `${choice} days`}
                </button>
              ))}
            </div>
            <label className={styles.label} htmlFor={`${ids}-days`}>
              Days ({SUSPEND_DAYS_MIN} to {SUSPEND_DAYS_MAX})
            </label>
            <input
              id={`${ids}-days`}
              className={styles.input}
              type="number"
              inputMode="numeric"
              min={SUSPEND_DAYS_MIN}
              max={SUSPEND_DAYS_MAX}
              step={1}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
        ) : null}
        <ReasonField
          label={action === 'dismiss' ? 'Reason (kept in the audit log)' : 'Reason (shown to the member)'}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <ErrorLine error={error} />
        <FormActions
          onCancel={onClose}
          pending={act.isPending}
          submitClassName={action === 'ban' ? `btn ${moderation.dangerSolid}` : undefined}
        >
          {confirm}
        </FormActions>
      </form>
    </Modal>
  );
}

/** An action's or a lift's reason: required, at most ACTION_REASON_MAX characters, counted as typed. */
function ReasonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        maxLength={ACTION_REASON_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className={styles.counter}>
        {value.length}/{ACTION_REASON_MAX}
      </span>
    </div>
  );
}

/** The lift's confirm step: what ending the suspension or ban early does, the reason, then the lift. */
function LiftDialog({
  kind,
  item,
  onClose,
}: {
  kind: LiftableAction;
  item: ModerationCase;
  onClose: () => void;
}) {
  const lift = useLiftRestriction(item.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { title, text, confirm } = liftConfirmation(kind, item);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (lift.isPending) return;
    const problem = reasonError(reason);
    setError(problem);
    if (problem) return;
    lift.mutate(liftBody(reason), {
      onSuccess: () => {
        showToast(liftNotice(kind, item));
        onClose();
      },
      onError: (failure) => setError(adminFailureMessage(failure, ModerationTexts.liftFailed)),
    });
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className={styles.confirm} onSubmit={onSubmit} noValidate aria-label={title}>
        <p className={styles.text}>{text}</p>
        <ReasonField
          label="Reason (shown to the member)"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <ErrorLine error={error} />
        <FormActions onCancel={onClose} pending={lift.isPending}>
          {confirm}
        </FormActions>
      </form>
    </Modal>
  );
}
