// The member search behind the recipient pickers (spec 001 §5): Send AuraCoins and the genie gift.
// Pure module (no DOM, no Vite): unit-tested under node.

/** Spec 001 §5: the recipient search starts at 3 characters and shows at most 5 members. */
export const RECIPIENT_SEARCH_MIN = 3;
export const RECIPIENT_SEARCH_MAX = 5;

/** Spec 001 §5: search from 3 characters (after trimming; the genie gift's search from 2). */
export const recipientQuery = (text: string, min: number = RECIPIENT_SEARCH_MIN) => {
  const query = text.trim().replace(/^@/, '');
  return query.length >= min ? query : null;
};

/** At most 5 members, never the member themself. */
export function recipientSuggestions<T extends { id: string }>(users: readonly T[], selfId: string): T[] {
  return users.filter((user) => user.id !== selfId).slice(0, RECIPIENT_SEARCH_MAX);
}
