import { cutText, plural, timeAgo } from './text';

describe('cutText (spec 000 §9 preview cuts)', () => {
  it('keeps text up to the limit as it is', () => {
    expect(cutText('a'.repeat(50), 50)).toBe('a'.repeat(50));
    expect(cutText('', 50)).toBe('');
    expect(cutText(null, 50)).toBe('');
  });

  it('cuts longer text at the limit and marks the cut', () => {
    expect(cutText('a'.repeat(51), 50)).toBe(`${'a'.repeat(50)}...`);
    expect(cutText('x'.repeat(150), 100)).toBe(`${'x'.repeat(100)}...`);
  });

  it('never splits an emoji and drops trailing spaces before the mark', () => {
    expect(cutText('🌟🌟🌟', 2)).toBe('🌟🌟...');
    expect(cutText('hello world again', 6)).toBe('hello...');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-12T12:00:00.000Z');
  it.each([
    ['2026-03-12T11:59:30.000Z', 'just now'],
    ['2026-03-12T11:55:00.000Z', '5m ago'],
    ['2026-03-12T09:00:00.000Z', '3h ago'],
    ['2026-03-10T12:00:00.000Z', '2d ago'],
    ['2026-03-12T12:00:05.000Z', 'just now'],
  ])('%s is %s', (iso, text) => {
    expect(timeAgo(iso, now)).toBe(text);
  });

  it('shows the date after a week and nothing for a bad date', () => {
    expect(timeAgo('2026-02-01T12:00:00.000Z', now)).toBe('1 Feb 2026');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('plural', () => {
  it('picks the form by count', () => {
    expect(plural(1, 'like')).toBe('1 like');
    expect(plural(0, 'like')).toBe('0 likes');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});
