// The Report dialog's rules (issue 21 §3; the reasons a report gives: api/report-reasons.ts): its body, and what its answer
// means. Pure module: unit-tested under node.
import { ApiError } from '../../api/errors';
import type { ReportReason, ReportTargetType } from '../../api/types';
import { TARGET_NOUNS, type ReportTarget } from './moderation';

/** The server's limit on a report's details. */
export const REPORT_DETAILS_MAX = 500;

/** The props a dialog was opened with, when they name something to report; null otherwise. */
export function reportTargetOf(props: Record<string, unknown> | undefined): ReportTarget | null {
  const type = props?.targetType;
  const id = props?.targetId;
  if (typeof type !== 'string' || !(type in TARGET_NOUNS) || typeof id !== 'string' || id === '') return null;
  const about = typeof props?.about === 'string' ? props.about : undefined;
  return { targetType: type as ReportTargetType, targetId: id, about };
}

/** The request body: details trimmed, left out when empty. */
export function reportBody(target: ReportTarget, reason: ReportReason, details: string) {
  const text = details.trim();
  return {
    target_type: target.targetType,
    target_id: target.targetId,
    reason,
    ...(text ? { details: text } : {}),
  };
}

export const ReportTexts = {
  failed: 'The report could not be sent. Please try again.',
} as const;

/**
 * How a failed report reads: 409 ("You have already reported this") is information, not a failure;
 * anything else is the server's own words, or the client's message when it gave none.
 */
export function reportFailure(error: unknown): { tone: 'info' | 'error'; text: string } {
  if (error instanceof ApiError) {
    if (error.status === 409) return { tone: 'info', text: error.detail ?? 'You have already reported this' };
    return { tone: 'error', text: error.detail ?? error.userMessage };
  }
  return { tone: 'error', text: ReportTexts.failed };
}
