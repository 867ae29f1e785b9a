// What a member meets of moderation everywhere in the app (issue 21 §3): the things they can report,
// the suspension banner's words, and a form refused because of a suspension. Pure module: unit-tested
// under node. (The Report dialog's own rules are in reports.ts, loaded with the dialog.)
import { ApiError } from '../../api/errors';
import type { ReportTargetType, Restriction } from '../../api/types';

/** What is reported, as a noun ("Report this post"). */
export const TARGET_NOUNS: Record<ReportTargetType, string> = {
  post: 'post',
  story: 'story',
  comment: 'comment',
  message: 'message',
  member: 'member',
};

/** The Report dialog's props (openDialog('report', …)); `about` names it, e.g. "Luna's post". */
export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
  about?: string;
}

/** A date and time in the member's own time zone, e.g. "Mar 4, 2026, 3:30 PM". */
export function localDateTime(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** The banner of a suspended (or banned) member, in their own time zone. */
export function restrictionNotice(restriction: Restriction, locale?: string, timeZone?: string): string {
  const reason = restriction.reason.trim();
  const why = reason ? ` Reason: ${reason}` : '';
  if (restriction.kind === 'banned') return `Your account has been banned.${why}`;
  const until = localDateTime(restriction.until, locale, timeZone);
  return (
    `Your account is suspended${until ? ` until ${until}` : ''}. You can still read, but you can't post, ` +
    `comment, message, send energy or withdraw.${why}`
  );
}

/**
 * A form refused because the member is suspended (403, "Your account is suspended until … Reason: …"):
 * the server's words, to show instead of the form's own failure message; null for anything else.
 */
export function refusalDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 && error.detail ? error.detail : null;
}
