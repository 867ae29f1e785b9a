// The Admin Panel's Moderation tab (issue 21 §3): the queue's filters and pages, how a case and an audit
// entry read, which actions a case offers and what each one asks before it is taken, and the early lift
// of the suspension or ban a closed case imposed. Pure module: unit-tested under node.
import type {
  CaseActionBody,
  ModerationAction,
  ModerationActionKind,
  ModerationCase,
  ReportReason,
  ReportTargetType,
} from '../../api/types';
import { mediaKindFromUrl } from '../../api/media-types';
import { reasonLabel, REPORT_REASONS } from '../../api/report-reasons';
import type { LiftRestrictionBody } from './types';

/** Cases and audit entries read per page. */
export const MODERATION_PAGE = 30;
/** The server's limit on an action's reason. */
export const ACTION_REASON_MAX = 500;
/** The suspension lengths offered at a tap; any other number of days may be typed. */
export const SUSPEND_DAY_CHOICES = [1, 3, 7, 30] as const;
export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 365;

/** The server's own words for a refused action, checked here first. */
export const ModerationTexts = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: `The reason can be at most ${ACTION_REASON_MAX} characters`,
  daysRange: 'A suspension lasts 1 to 365 days',
  actionFailed: 'The action could not be taken. Please try again.',
  liftFailed: 'The restriction could not be lifted. Please try again.',
} as const;

export type CaseStatus = ModerationCase['status'];

export interface CaseFilters {
  status: CaseStatus;
  targetType: ReportTargetType | '';
  reason: ReportReason | '';
}

export const DEFAULT_CASE_FILTERS: CaseFilters = { status: 'open', targetType: '', reason: '' };

export const STATUS_OPTIONS: readonly { id: CaseStatus; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
];

export const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: 'Post',
  story: 'Story',
  comment: 'Comment',
  message: 'Message',
  member: 'Member',
};

export const TARGET_OPTIONS = Object.entries(TARGET_LABELS).map(([id, label]) => ({
  id: id as ReportTargetType,
  label,
}));

export const REASON_OPTIONS = REPORT_REASONS;

/** GET /api/admin/moderation/cases: the filters given, a page of 30, from the cursor. */
export function caseListQuery(filters: CaseFilters, cursor?: string | null) {
  return {
    status: filters.status,
    ...(filters.targetType ? { target_type: filters.targetType } : {}),
    ...(filters.reason ? { reason: filters.reason } : {}),
    limit: MODERATION_PAGE,
    ...(cursor ? { cursor } : {}),
  };
}

/** GET /api/admin/moderation/actions: a page of 30 (one member's when given), from the cursor. */
export function auditQuery(memberId?: string, cursor?: string | null) {
  return {
    ...(memberId ? { member_id: memberId } : {}),
    limit: MODERATION_PAGE,
    ...(cursor ? { cursor } : {}),
  };
}

/** The labels of a case's reasons, most given first, at most `max`. */
export const topReasons = (item: Pick<ModerationCase, 'reasons'>, max = 3): string[] =>
  item.reasons.slice(0, max).map(reasonLabel);

export const reportCount = (count: number) => (count === 1 ? '1 report' : `${count} reports`);

/** Where the reported thing sits: a comment on its post, a private message, a profile. */
export function targetContext(target: ModerationCase['target']): string {
  switch (target.type) {
    case 'comment':
      return target.context_id ? `A comment on post ${target.context_id}` : 'A comment';
    case 'message':
      return 'A private message';
    case 'story':
      return 'A story';
    case 'member':
      return 'A member profile';
    default:
      return 'A post';
  }
}

/** An image to show beside the reported text; null for a video, audio, a private attachment or none. */
export function imageOf(target: ModerationCase['target']): string | null {
  // A message's attachment is signed for the two members only: the moderators see that there was one.
  if (!target.media_url || target.type === 'message') return null;
  return mediaKindFromUrl(target.media_url) === 'image' ? target.media_url : null;
}

export const ACTION_LABELS: Record<ModerationActionKind, string> = {
  dismiss: 'Dismiss',
  warn: 'Warn',
  remove: 'Remove',
  suspend: 'Suspend',
  ban: 'Ban',
};

/** How a closed case ended (its resolution), or that it is still open. */
export const RESOLUTION_LABELS: Record<ModerationCase['resolution'], string> = {
  '': 'Open',
  dismiss: 'Dismissed',
  warn: 'Warned',
  remove: 'Removed',
  suspend: 'Suspended',
  ban: 'Banned',
};

/** An audit entry's action as a badge: how a case ended, or "Lifted" for an early lift. */
export const AUDIT_LABELS: Record<ModerationAction['action'], string> = {
  dismiss: RESOLUTION_LABELS.dismiss,
  warn: RESOLUTION_LABELS.warn,
  remove: RESOLUTION_LABELS.remove,
  suspend: RESOLUTION_LABELS.suspend,
  ban: RESOLUTION_LABELS.ban,
  lift: 'Lifted',
};

/** The actions an open case offers, mildest first; a member (not a piece of content) cannot be removed. */
export function actionsFor(item: Pick<ModerationCase, 'status' | 'target'>): ModerationActionKind[] {
  if (item.status !== 'open') return [];
  const all: ModerationActionKind[] = ['dismiss', 'warn', 'remove', 'suspend', 'ban'];
  return item.target.type === 'member' ? all.filter((action) => action !== 'remove') : all;
}

/** What the confirm step asks and its button, for this case's member and content. */
export function actionConfirmation(
  action: ModerationActionKind,
  item: Pick<ModerationCase, 'target' | 'member'>,
): { title: string; text: string; confirm: string } {
  const who = `@${item.member.username}`;
  const what = item.target.type === 'member' ? `${who}'s profile` : `${who}'s ${item.target.type}`;
  switch (action) {
    case 'dismiss':
      return {
        title: 'Dismiss the reports',
        text: `Close this case without acting on ${what}? ${who} is not told; the reason stays in the audit log.`,
        confirm: 'Dismiss',
      };
    case 'warn':
      return {
        title: `Warn ${who}`,
        text: `${who} gets a warning from the moderators about their ${item.target.type === 'member' ? 'profile' : item.target.type}, with your reason.`,
        confirm: 'Send warning',
      };
    case 'remove':
      return {
        title: `Remove the ${item.target.type}`,
        text: `Remove ${what} for everyone? ${who} is told it was removed, with your reason.`,
        confirm: `Remove ${item.target.type}`,
      };
    case 'suspend':
      return {
        title: `Suspend ${who}`,
        text: `${who} can still read, but cannot post, comment, message, send energy or withdraw until the suspension ends. They see your reason.`,
        confirm: 'Suspend',
      };
    case 'ban':
      return {
        title: `Ban ${who}`,
        text: `Ban ${who} for good? They are signed out everywhere at once and cannot sign in again. They are told your reason.`,
        confirm: `Ban ${who}`,
      };
  }
}

/** What the confirm step's fields hold before they are sent. */
export interface ActionDraft {
  action: ModerationActionKind;
  reason: string;
  /** The suspension's days, as typed. */
  days: string;
}

/** What is wrong with an action's (or a lift's) reason, in the server's words; null when it can be sent. */
export function reasonError(text: string): string | null {
  const reason = text.trim();
  if (!reason) return ModerationTexts.reasonRequired;
  if ([...reason].length > ACTION_REASON_MAX) return ModerationTexts.reasonTooLong;
  return null;
}

/** The first thing wrong with the draft, in the server's words; null when it can be sent. */
export function actionDraftError(draft: ActionDraft): string | null {
  const problem = reasonError(draft.reason);
  if (problem) return problem;
  if (draft.action === 'suspend') {
    const days = draft.days.trim();
    if (!/^\d+$/.test(days)) return ModerationTexts.daysRange;
    const count = Number(days);
    if (count < SUSPEND_DAYS_MIN || count > SUSPEND_DAYS_MAX) return ModerationTexts.daysRange;
  }
  return null;
}

/** POST /api/admin/moderation/cases/{id}/actions: the reason trimmed; days for a suspension only. */
export function actionBody(draft: ActionDraft): CaseActionBody {
  const body: CaseActionBody = { action: draft.action, reason: draft.reason.trim() };
  if (draft.action === 'suspend') body.days = Number(draft.days.trim());
  return body;
}

/** An audit entry as a sentence: "@ada removed @luna's comment", "@ada suspended @luna". */
export function auditSentence(entry: Pick<ModerationAction, 'action' | 'admin' | 'member' | 'target_type'>) {
  const admin = `@${entry.admin.username}`;
  const member = `@${entry.member.username}`;
  const what = `${member}'s ${entry.target_type === 'member' ? 'profile' : entry.target_type}`;
  switch (entry.action) {
    case 'dismiss':
      return `${admin} dismissed the reports about ${what}`;
    case 'remove':
      return `${admin} removed ${what}`;
    case 'warn':
      return `${admin} warned ${member}`;
    case 'suspend':
      return `${admin} suspended ${member}`;
    case 'ban':
      return `${admin} banned ${member}`;
    case 'lift':
      return `${admin} lifted ${member}'s restriction`;
  }
}

/** The notice once an action is taken. */
export function actionNotice(
  draft: Pick<ActionDraft, 'action' | 'days'>,
  item: Pick<ModerationCase, 'target' | 'member'>,
): string {
  const who = `@${item.member.username}`;
  switch (draft.action) {
    case 'dismiss':
      return 'Reports dismissed: the case is closed';
    case 'warn':
      return `${who} was warned`;
    case 'remove':
      return `${who}'s ${item.target.type} was removed`;
    case 'suspend': {
      const days = Number(draft.days.trim());
      return `${who} is suspended for ${days === 1 ? '1 day' : `${days} days`}`;
    }
    case 'ban':
      return `${who} is banned`;
  }
}

/** A restriction a case imposed, which an admin can lift early. */
export type LiftableAction = Extract<ModerationActionKind, 'suspend' | 'ban'>;

/** The restriction a closed case imposed and that still holds (not lifted yet); null for any other case. */
export function liftableOf(
  item: Pick<ModerationCase, 'status' | 'resolution' | 'lifted_at'>,
): LiftableAction | null {
  if (item.status !== 'closed' || item.lifted_at) return null;
  return item.resolution === 'suspend' || item.resolution === 'ban' ? item.resolution : null;
}

/** The button that lifts it, and the confirm step's button. */
export const LIFT_LABELS: Record<LiftableAction, string> = {
  suspend: 'Lift suspension',
  ban: 'Lift ban',
};

/** What the lift's confirm step asks and its button. */
export function liftConfirmation(
  kind: LiftableAction,
  item: Pick<ModerationCase, 'member'>,
): { title: string; text: string; confirm: string } {
  const who = `@${item.member.username}`;
  return kind === 'suspend'
    ? {
        title: 'Lift the suspension',
        text: `End ${who}'s suspension now? They can post, comment, message, send energy and withdraw again, and are told your reason.`,
        confirm: LIFT_LABELS.suspend,
      }
    : {
        title: 'Lift the ban',
        text: `End ${who}'s ban now? They can sign in again and use their account as before, and are told your reason.`,
        confirm: LIFT_LABELS.ban,
      };
}

/** POST /api/admin/moderation/cases/{id}/lift: the reason trimmed. */
export const liftBody = (reason: string): LiftRestrictionBody => ({ reason: reason.trim() });

/** The notice once a suspension or ban is lifted. */
export function liftNotice(kind: LiftableAction, item: Pick<ModerationCase, 'member'>): string {
  return `@${item.member.username}'s ${kind === 'suspend' ? 'suspension' : 'ban'} was lifted`;
}

/**
 * "Suspension lifted on 28 Nov 2026" / "Ban lifted on …" for a case whose restriction was lifted early
 * (in the admin's time zone unless one is given); null for any other case.
 */
export function liftedLine(
  item: Pick<ModerationCase, 'resolution' | 'lifted_at'>,
  timeZone?: string,
): string | null {
  if (!item.lifted_at || (item.resolution !== 'suspend' && item.resolution !== 'ban')) return null;
  const date = new Date(item.lifted_at);
  if (Number.isNaN(date.getTime())) return null;
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  return `${item.resolution === 'suspend' ? 'Suspension' : 'Ban'} lifted on ${day}`;
}
