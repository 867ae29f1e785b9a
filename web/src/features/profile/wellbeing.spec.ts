import {
  calendarWeeks,
  exportFileName,
  linePath,
  monthTitle,
  shiftMonth,
  streakText,
  trendSeries,
  type CalendarDay,
} from './wellbeing';

const monthDays = (month: string, count: number): CalendarDay[] =>
  Array.from({ length: count }, (_, i) => ({
    day: `${month}-${String(i + 1).padStart(2, '0')}`,
    mood: '',
    checkins: 0,
    reflections: 0,
  }));

describe('the mood calendar grid', () => {
  it('moves between months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });

  it('lays the month out in weeks from Monday, blanks around it, today marked', () => {
    // 1 November 2026 is a Sunday: six blanks before it.
    const days = monthDays('2026-11', 30);
    days[2] = { ...days[2]!, mood: 'happy', checkins: 2, reflections: 1 };
    const weeks = calendarWeeks(days, '2026-11-03');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toMatchObject({ date: 1, isToday: false, label: 'November 1: no check-in' });
    expect(weeks[1]![1]).toMatchObject({
      date: 3,
      isToday: true,
      mood: 'happy',
      label: 'Today, November 3: Happy, 2 check-ins, 1 reflection',
    });
    expect(weeks[5]![0]).toMatchObject({ date: 30 });
    expect(weeks[5]!.slice(1)).toEqual([null, null, null, null, null, null]);
  });

  it('is empty without days', () => {
    expect(calendarWeeks([], '2026-11-03')).toEqual([]);
  });
});

describe('the trend chart', () => {
  it('draws a line through the days with check-ins, a gap on days without', () => {
    expect(linePath([1, 5, null, 3], 1, 5, 300, 100)).toBe('M0 100 L100 0 M300 50 h0.01');
    expect(linePath([null, null], 1, 5, 300, 100)).toBe('');
  });

  it('takes mood and energy only from days with check-ins', () => {
    const series = trendSeries([
      { day: '2026-11-01', checkins: 0, mood_score: 0, energy: 0 },
      { day: '2026-11-02', checkins: 2, mood_score: 3.5, energy: 6 },
    ]);
    expect(series).toEqual({ mood: [null, 3.5], energy: [null, 6], days: 1 });
  });
});

describe('streaks, gently', () => {
  it('names a running streak, and only the longest after a break (no shame)', () => {
    expect(streakText({ current: 3, longest: 5, done_today: false }, 'check-in')).toBe(
      '3-day check-in streak',
    );
    expect(streakText({ current: 0, longest: 5, done_today: false }, 'reflection')).toBe(
      'Longest reflection streak: 5 days',
    );
    expect(streakText({ current: 0, longest: 1, done_today: false }, 'check-in')).toBe(
      'Longest check-in streak: 1 day',
    );
    expect(streakText({ current: 0, longest: 0, done_today: false }, 'check-in')).toBe('');
    expect(streakText(undefined, 'check-in')).toBe('');
  });
});

describe('the CSV download name', () => {
  it("is the server's plain file name, or a dated default", () => {
    expect(exportFileName('attachment; filename="aura-wellness-2026-11-29.csv"', '2026-11-29')).toBe(
      'aura-wellness-2026-11-29.csv',
    );
    expect(exportFileName('attachment; filename="../../x.csv"', '2026-11-29')).toBe('x.csv');
    expect(exportFileName(null, '2026-11-29')).toBe('aura-wellness-2026-11-29.csv');
    expect(exportFileName('attachment; filename="x.exe"', '2026-11-29')).toBe('aura-wellness-2026-11-29.csv');
  });
});
