/**
 * A moderator's suspension or ban (moderation.action_taken from admin). A suspended member reads
 * everything of theirs but cannot post, comment, message, tip, transfer, send a genie or withdraw until
 * `until`; a banned member cannot sign in at all (docs/moderation.md).
 */
export interface Restriction {
  kind: 'suspended' | 'banned';
  reason: string;
  /** A suspension's end; null for a ban. */
  until: Date | null;
}

/** As stored on the member: the action that set it orders later actions before earlier ones. */
export interface StoredRestriction extends Restriction {
  action_id: string;
  taken_at: Date;
}

export const RestrictionMessages = {
  banned: (reason: string) => `This account has been banned. Reason: ${reason}`,
} as const;

/** The restriction in force at `now`: a suspension that has ended is none. */
export function activeRestriction(
  stored: StoredRestriction | null | undefined,
  now: Date = new Date(),
): Restriction | null {
  if (!stored?.kind) return null;
  if (stored.kind === 'suspended' && (!stored.until || stored.until.getTime() <= now.getTime())) return null;
  return {
    kind: stored.kind,
    reason: stored.reason,
    until: stored.kind === 'suspended' ? stored.until : null,
  };
}
