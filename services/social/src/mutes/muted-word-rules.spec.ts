import { mutedPhraseMatcher, mutedUntil, MutedWordMessages, normalizePhrase } from './muted-word-rules';

describe('muted words', () => {
  it('stores a phrase trimmed, with one space between words, lower-cased; refuses empty or long ones', () => {
    expect(normalizePhrase('  Morning   RUN ')).toBe('morning run');
    expect(normalizePhrase('#Spoilers')).toBe('#spoilers');
    for (const bad of ['', '   ', '#', 'x'.repeat(51)])
      expect(() => normalizePhrase(bad)).toThrow(MutedWordMessages.phrase);
    expect(normalizePhrase('x'.repeat(50))).toHaveLength(50);
  });

  it('ends a mute after whole hours, or never', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(mutedUntil(0, now)).toBeNull();
    expect(mutedUntil(24, now)).toEqual(new Date('2026-11-29T12:00:00Z'));
    for (const bad of [-1, 1.5, 8761]) expect(() => mutedUntil(bad, now)).toThrow(MutedWordMessages.expiry);
  });

  it('hides a text holding a phrase as whole words in any case, or a post with a muted tag', () => {
    const muted = mutedPhraseMatcher(['run', 'game of thrones', '#spoilers', 'c++']);
    expect(muted('Off for a RUN!', [])).toBe(true);
    expect(muted('Running late', [])).toBe(false);
    expect(muted('rerun tonight', [])).toBe(false);
    expect(muted('Watching Game of  Thrones', [])).toBe(false);
    expect(muted('watching game of thrones again', [])).toBe(true);
    expect(muted('learning c++ today', [])).toBe(true);
    expect(muted('no words here', ['Spoilers'])).toBe(true);
    expect(muted('about #spoilers', [])).toBe(false);
    expect(muted('Ça court', [])).toBe(false);
    expect(mutedPhraseMatcher([])('run', [])).toBe(false);
  });
});
