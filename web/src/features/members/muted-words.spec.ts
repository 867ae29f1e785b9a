import {
  MUTE_DURATIONS,
  mutedPhraseProblem,
  mutedUntilText,
  mutedWordDetails,
  tidyPhrase,
} from './muted-words';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const hoursLater = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('muted words (form rules)', () => {
  it('takes 1 to 50 characters after trimming and collapsing spaces, as the server does', () => {
    expect(mutedPhraseProblem(' spoilers ')).toBeNull();
    expect(mutedPhraseProblem('#finale')).toBeNull();
    expect(mutedPhraseProblem(`a${' '.repeat(30)}${'b'.repeat(48)}`)).toBeNull();
    for (const bad of ['', '   ', '#', ' # ', 'x'.repeat(51)])
      expect(mutedPhraseProblem(bad)).toBe('A muted word must be 1 to 50 characters');
    expect(tidyPhrase('  the   big  game ')).toBe('the big game');
  });

  it('offers forever, 24 hours, 7 days and 30 days', () => {
    expect(MUTE_DURATIONS.map((duration) => [duration.label, duration.hours])).toEqual([
      ['Forever', 0],
      ['24 hours', 24],
      ['7 days', 168],
      ['30 days', 720],
    ]);
  });

  it('says until when a mute lasts', () => {
    expect(mutedUntilText(null, NOW)).toBe('forever');
    expect(mutedUntilText(undefined, NOW)).toBe('forever');
    expect(mutedUntilText('not a date', NOW)).toBe('forever');
    expect(mutedUntilText(hoursLater(24), NOW)).toBe('ends in 24 hours');
    expect(mutedUntilText(hoursLater(0.2), NOW)).toBe('ends in 1 hour');
    expect(mutedUntilText(hoursLater(47.5), NOW)).toBe('ends in 48 hours');
    expect(mutedUntilText('2026-12-05T12:00:00.000Z', NOW)).toBe('until 5 Dec 2026');
  });

  it('reads when the word was muted and until when', () => {
    expect(mutedWordDetails({ created_at: hoursLater(0), expires_at: null }, NOW)).toBe(
      'Muted just now · forever',
    );
    expect(mutedWordDetails({ created_at: hoursLater(-3), expires_at: hoursLater(21) }, NOW)).toBe(
      'Muted 3h ago · ends in 21 hours',
    );
  });
});
