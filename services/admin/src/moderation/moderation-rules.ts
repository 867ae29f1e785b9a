import { InvalidInput } from '@aura/platform';

export const TARGET_TYPES = ['post', 'story', 'comment', 'message', 'member'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'self_harm',
  'nudity',
  'scam',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban'] as const;
export type ModerationActionKind = (typeof ACTIONS)[number];

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const DETAILS_MAX = 500;
export const ACTION_REASON_MAX = 500;
export const SUSPENSION_DAYS = { min: 1, max: 365 } as const;
const DAY_MS = 86_400_000;

export const ModerationMessages = {
  targetType: `target type must be one of: ${TARGET_TYPES.join(', ')}`,
  target: 'Choose what to report',
  reason: `reason must be one of: ${REPORT_REASONS.join(', ')}`,
  details: `Details can be at most ${DETAILS_MAX} characters`,
  self: 'You cannot report yourself',
  duplicate: 'You have already reported this',
  caseNotFound: 'Case not found',
  closed: 'This case is already closed',
  action: `action must be one of: ${ACTIONS.join(', ')}`,
  actionReason: 'Please give a reason',
  actionReasonLong: `The reason can be at most ${ACTION_REASON_MAX} characters`,
  days: `A suspension lasts ${SUSPENSION_DAYS.min} to ${SUSPENSION_DAYS.max} days`,
  removeMember: 'Only a post, story, comment or message can be removed',
  ownCase: 'You cannot act on a report about yourself',
  status: 'status must be open or closed',
  nothingToLift: 'This case has no suspension or ban to lift',
} as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export function targetTypeOf(value: string | undefined): TargetType {
  const type = (value ?? '').trim().toLowerCase();
  if (!isOneOf(TARGET_TYPES, type)) throw new InvalidInput(ModerationMessages.targetType);
  return type;
}

export function reportOf(input: { reason?: string; details?: string }): {
  reason: ReportReason;
  details: string;
} {
  const reason = (input.reason ?? '').trim().toLowerCase();
  if (!isOneOf(REPORT_REASONS, reason)) throw new InvalidInput(ModerationMessages.reason);
  const details = (input.details ?? '').trim();
  if ([...details].length > DETAILS_MAX) throw new InvalidInput(ModerationMessages.details);
  return { reason, details };
}

/** Filters of the queue: "" means any. */
export function caseFilterOf(input: { status?: string; targetType?: string; reason?: string }) {
  const status = (input.status ?? '').trim().toLowerCase() || 'open';
  if (!isOneOf(CASE_STATUSES, status)) throw new InvalidInput(ModerationMessages.status);
  const targetType = input.targetType?.trim() ? targetTypeOf(input.targetType) : null;
  const reason = input.reason?.trim() ? reportOf({ reason: input.reason }).reason : null;
  return { status, targetType, reason };
}

/** The reason an admin gives for an action: required, at most ACTION_REASON_MAX characters. */
export function actionReasonOf(value: string | undefined): string {
  const reason = (value ?? '').trim();
  if (!reason) throw new InvalidInput(ModerationMessages.actionReason);
  if ([...reason].length > ACTION_REASON_MAX) throw new InvalidInput(ModerationMessages.actionReasonLong);
  return reason;
}

export interface ActionDecision {
  action: ModerationActionKind;
  reason: string;
  /** The end of a suspension; null for every other action. */
  until: Date | null;
}

/** What an admin asked for, checked: the action fits the target, a reason is given, days in range. */
export function actionOf(
  input: { action?: string; reason?: string; days?: number },
  targetType: TargetType,
  now: Date,
): ActionDecision {
  const action = (input.action ?? '').trim().toLowerCase();
  if (!isOneOf(ACTIONS, action)) throw new InvalidInput(ModerationMessages.action);
  const reason = actionReasonOf(input.reason);
  if (action === 'remove' && targetType === 'member') throw new InvalidInput(ModerationMessages.removeMember);
  let until: Date | null = null;
  if (action === 'suspend') {
    const days = Number(input.days ?? 0);
    if (!Number.isInteger(days) || days < SUSPENSION_DAYS.min || days > SUSPENSION_DAYS.max)
      throw new InvalidInput(ModerationMessages.days);
    until = new Date(now.getTime() + days * DAY_MS);
  }
  return { action, reason, until };
}

/** Reasons most given first (ties in the list's order). */
export function reasonsByCount(counts: Record<string, number> | undefined): string[] {
  const entries = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  const order = (reason: string) => REPORT_REASONS.indexOf(reason as ReportReason);
  return entries.sort(([a, x], [b, y]) => y - x || order(a) - order(b)).map(([reason]) => reason);
}

/** A page position in the queue or the audit log: a time and an id (ties). */
export interface PagePosition {
  at: Date;
  id: string;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.at.getTime()}:${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): PagePosition | null {
  if (!cursor) return null;
  const match = /^(\d{1,15}):([\w-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new InvalidInput('cursor is not valid');
  return { at: new Date(Number(match[1])), id: match[2] };
}

export const PAGE = { fallback: 30, max: 100 } as const;

export function pageSizeOf(limit: number | undefined): number {
  const asked = Number(limit ?? 0);
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, PAGE.max) : PAGE.fallback;
}
