// Pieces the Moderation tab and a case share: a case in brief (the queue, a member's prior reports) and
// an audit entry (the audit log, a case's actions).
import type { ModerationAction, ModerationCase } from '../../../api/types';
import {
  AUDIT_LABELS,
  auditSentence,
  imageOf,
  reportCount,
  RESOLUTION_LABELS,
  TARGET_LABELS,
  topReasons,
} from '../moderation';
import styles from '../../../ui/Admin.module.css';
import moderation from './Moderation.module.css';
import { Badge, formatDate } from './parts';

/** How a case stands: open, or how it ended (and "Lifted" once its suspension or ban ended early). */
export function CaseStatusBadge({
  item,
}: {
  item: Pick<ModerationCase, 'status' | 'resolution' | 'lifted_at'>;
}) {
  return (
    <>
      <Badge tone={item.status === 'open' ? 'open' : item.resolution}>
        {RESOLUTION_LABELS[item.resolution]}
      </Badge>
      {item.lifted_at ? <Badge tone="lift">{AUDIT_LABELS.lift}</Badge> : null}
    </>
  );
}

/**
 * A case in brief: what was reported (its text clamped, an image beside it), whose it is, how often and
 * why it was reported, and when last; Review opens it when `onOpen` is given.
 */
export function CaseSummary({ item, onOpen }: { item: ModerationCase; onOpen?: () => void }) {
  const image = imageOf(item.target);
  const label = `${TARGET_LABELS[item.target.type]} by @${item.member.username}`;
  return (
    <li className={styles.item} aria-label={label}>
      <div className={styles.row}>
        <div className={styles.badges}>
          <Badge tone={item.target.type}>{TARGET_LABELS[item.target.type]}</Badge>
          <CaseStatusBadge item={item} />
        </div>
        <time className={styles.meta} dateTime={item.last_reported_at}>
          {formatDate(item.last_reported_at)}
        </time>
      </div>
      <div className={moderation.reported}>
        {image ? <img className={moderation.thumb} src={image} alt="Reported media" loading="lazy" /> : null}
        <p className={`${styles.text} ${moderation.clamped}`}>{item.target.text || 'No text'}</p>
      </div>
      <div className={styles.row}>
        <p className={styles.meta}>
          @{item.member.username} · {reportCount(item.report_count)} · {topReasons(item).join(', ')}
        </p>
        {onOpen ? (
          <button
            type="button"
            className={`btn btn-ghost ${styles.small}`}
            onClick={onOpen}
            aria-label={`Review: ${label}`}
          >
            Review
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** One action: who did what to whom, why and when (and until when, for a suspension). */
export function AuditItem({ entry }: { entry: ModerationAction }) {
  const sentence = auditSentence(entry);
  return (
    <li className={styles.item} aria-label={sentence}>
      <div className={styles.row}>
        <p className={styles.name}>{sentence}</p>
        <Badge tone={entry.action}>{AUDIT_LABELS[entry.action]}</Badge>
      </div>
      <p className={styles.text}>Reason: {entry.reason}</p>
      <p className={styles.meta}>
        <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
        {entry.until ? ` · until ${formatDate(entry.until)}` : ''}
      </p>
    </li>
  );
}
