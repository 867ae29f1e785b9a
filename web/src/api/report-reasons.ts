// The reasons a report gives (issue 21 §3): the server's reason ids, in the order the Report dialog
// lists them, with the words a member (or a moderator) reads. Pure module: unit-tested under node.
import type { ReportReason } from './types';

/** The reasons, in the order the Report dialog lists them, with the words a member reads. */
export const REPORT_REASONS: readonly { id: ReportReason; label: string }[] = [
  { id: 'spam', label: 'Spam' },
  { id: 'harassment', label: 'Harassment or bullying' },
  { id: 'hate', label: 'Hate speech' },
  { id: 'violence', label: 'Violence or threats' },
  { id: 'self_harm', label: 'Self-harm' },
  { id: 'nudity', label: 'Nudity or sexual content' },
  { id: 'scam', label: 'Scam or fraud' },
  { id: 'misinformation', label: 'False information' },
  { id: 'other', label: 'Something else' },
];

/** A reason as a member (or a moderator) reads it; an unknown one as the server gave it. */
export const reasonLabel = (reason: string): string =>
  REPORT_REASONS.find((item) => item.id === reason)?.label ?? reason;
