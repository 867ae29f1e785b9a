import { InvalidInput } from '@aura/platform';
import type { messaging } from '@aura/proto';

/** The reactions a message can get (issue 23): a small fixed set, in the order the app shows them. */
export const REACTION_EMOJI = ['❤️', '😂', '😮', '😢', '🙏', '👍'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

/** How many different emoji one member may hold on one message. */
export const MAX_REACTIONS_PER_MEMBER = 3;

export const ReactionRules = {
  badEmoji: `emoji must be one of ${REACTION_EMOJI.join(' ')}`,
  tooMany: `You can react to a message with at most ${MAX_REACTIONS_PER_MEMBER} different emoji`,
} as const;

export function validateEmoji(emoji: string): ReactionEmoji {
  if (!(REACTION_EMOJI as readonly string[]).includes(emoji)) throw new InvalidInput(ReactionRules.badEmoji);
  return emoji as ReactionEmoji;
}

export interface ReactionEntry {
  emoji: string;
  user_id: string;
  created_at: Date;
}

/** A message's reactions: one entry per emoji anyone holds, in REACTION_EMOJI order, earliest first. */
export function summarize(entries: ReactionEntry[]): messaging.MessageReaction[] {
  const sorted = [...entries].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  return REACTION_EMOJI.map((emoji) => ({
    emoji,
    userIds: sorted.filter((entry) => entry.emoji === emoji).map((entry) => entry.user_id),
  })).filter((reaction) => reaction.userIds.length > 0);
}
