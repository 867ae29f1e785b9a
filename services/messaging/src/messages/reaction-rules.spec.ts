import { InvalidInput } from '@aura/platform';
import { REACTION_EMOJI, ReactionRules, summarize, validateEmoji } from './reaction-rules';

describe('reaction rules', () => {
  it('accepts only the fixed set of emoji', () => {
    for (const emoji of REACTION_EMOJI) expect(validateEmoji(emoji)).toBe(emoji);
    for (const emoji of ['🔥', '❤', '', 'like', '👍👍'])
      expect(() => validateEmoji(emoji)).toThrow(new InvalidInput(ReactionRules.badEmoji));
  });

  it('sums reactions per emoji in the set’s order, earliest reactor first', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    expect(
      summarize([
        { emoji: '👍', user_id: 'b', created_at: at(3) },
        { emoji: '❤️', user_id: 'b', created_at: at(2) },
        { emoji: '👍', user_id: 'a', created_at: at(1) },
      ]),
    ).toEqual([
      { emoji: '❤️', userIds: ['b'] },
      { emoji: '👍', userIds: ['a', 'b'] },
    ]);
    expect(summarize([])).toEqual([]);
  });
});
