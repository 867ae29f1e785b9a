import { digestMessage, utcDayOf } from './daily-digest';

describe('the daily digest', () => {
  it('says what a day brought, in the order of the settings, with one or many', () => {
    expect(digestMessage({ follow: 2, like: 12, comment: 3 }, [])).toBe(
      'Yesterday: 12 likes, 3 comments and 2 new followers.',
    );
    expect(digestMessage({ like: 1 }, ['Nova'])).toBe('Yesterday: 1 like, from Nova.');
    expect(digestMessage({ tip: 1, genie_earning: 3 }, ['Kai', 'Kai', 'Nova'])).toBe(
      'Yesterday: 1 tip and 3 genie earnings, from Kai and Nova.',
    );
    expect(digestMessage({ like: 5 }, ['A', 'B', 'C'])).toBe('Yesterday: 5 likes, from A, B and 1 other.');
    expect(digestMessage({ like: 5 }, ['A', 'B', 'C', 'D', ''])).toBe(
      'Yesterday: 5 likes, from A, B and 2 others.',
    );
  });

  it('keys a moment by its UTC day', () => {
    expect(utcDayOf(new Date('2026-11-29T23:59:59.999Z'))).toEqual({
      key: '2026-11-29',
      start: new Date('2026-11-29T00:00:00Z'),
    });
    expect(utcDayOf(new Date('2026-12-01T00:00:00Z')).key).toBe('2026-12-01');
  });
});
