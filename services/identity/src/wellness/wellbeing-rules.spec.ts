import { InvalidInput, toCsv } from '@aura/platform';
import {
  exportRecords,
  lastDays,
  monthRange,
  moodCalendar,
  moodTrend,
  streak,
  trendDays,
  WellbeingMessages,
} from './wellbeing-rules';

const at = (iso: string) => new Date(iso);

describe('the mood calendar', () => {
  it('covers every UTC day of the month, leap years included', () => {
    expect(monthRange('2026-02').days).toHaveLength(28);
    expect(monthRange('2028-02').days).toHaveLength(29);
    const december = monthRange('2026-12');
    expect(december.days[0]).toBe('2026-12-01');
    expect(december.days[30]).toBe('2026-12-31');
    expect(december.start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(december.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses anything but YYYY-MM from 2000-01 to 2100-12 with a clear 422', () => {
    for (const month of ['', '2026-13', '2026-00', '2026-1', '1999-12', '2101-01', '2026-01-01', 'abcd-ef'])
      expect(() => monthRange(month)).toThrow(new InvalidInput(WellbeingMessages.month));
  });

  it("colours a day by its latest check-in's mood; empty days have none; reflections are counted", () => {
    const days = monthRange('2026-11').days;
    const calendar = moodCalendar(
      days,
      [
        { mood: 'sad', energyLevel: 2, createdAt: at('2026-11-03T23:59:59.999Z') },
        { mood: 'happy', energyLevel: 8, createdAt: at('2026-11-03T08:00:00.000Z') },
        { mood: 'anxious', energyLevel: 4, createdAt: at('2026-11-04T00:00:00.000Z') },
        { mood: 'happy', energyLevel: 4, createdAt: at('2026-10-31T23:00:00.000Z') },
      ],
      [at('2026-11-03T12:00:00.000Z'), at('2026-11-10T12:00:00.000Z')],
    );
    expect(calendar).toHaveLength(30);
    expect(calendar[2]).toEqual({ day: '2026-11-03', mood: 'sad', checkins: 2, reflections: 1 });
    expect(calendar[3]).toEqual({ day: '2026-11-04', mood: 'anxious', checkins: 1, reflections: 0 });
    expect(calendar[9]).toEqual({ day: '2026-11-10', mood: '', checkins: 0, reflections: 1 });
    expect(calendar[0]).toEqual({ day: '2026-11-01', mood: '', checkins: 0, reflections: 0 });
  });
});

describe('the mood and energy trend', () => {
  it('is 30 (the default) or 90 days', () => {
    expect(trendDays(0)).toBe(30);
    expect(trendDays(30)).toBe(30);
    expect(trendDays(90)).toBe(90);
    for (const days of [7, 31, -30, 1.5]) expect(() => trendDays(days)).toThrow(WellbeingMessages.days);
  });

  it('ends today, oldest first', () => {
    const days = lastDays(at('2026-03-01T10:00:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days[29]).toBe('2026-03-01');
    expect(days[28]).toBe('2026-02-28');
    expect(days[0]).toBe('2026-01-31');
  });

  it('averages the mood score (sad 1 … happy/excited 5) and the energy of each day, one decimal', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
    const trend = moodTrend(days, [
      { mood: 'happy', energyLevel: 9, createdAt: at('2026-11-01T01:00:00Z') },
      { mood: 'sad', energyLevel: 2, createdAt: at('2026-11-01T20:00:00Z') },
      { mood: 'positive', energyLevel: 6, createdAt: at('2026-11-01T21:00:00Z') },
      { mood: 'anxious', energyLevel: 3, createdAt: at('2026-11-03T21:00:00Z') },
      { mood: 'happy', energyLevel: 3, createdAt: at('2026-10-31T21:00:00Z') },
    ]);
    expect(trend).toEqual([
      { day: '2026-11-01', checkins: 3, moodScore: 3.3, energy: 5.7 },
      { day: '2026-11-02', checkins: 0, moodScore: 0, energy: 0 },
      { day: '2026-11-03', checkins: 1, moodScore: 2, energy: 3 },
    ]);
  });
});

describe('streaks', () => {
  const now = at('2026-11-29T05:00:00Z');

  it('are zero without entries', () => {
    expect(streak([], now)).toEqual({ current: 0, longest: 0, doneToday: false });
  });

  it('count consecutive days up to today', () => {
    expect(streak(['2026-11-27', '2026-11-28', '2026-11-29'], now)).toEqual({
      current: 3,
      longest: 3,
      doneToday: true,
    });
  });

  it('are not broken by today not done yet', () => {
    expect(streak(['2026-11-27', '2026-11-28'], now)).toEqual({ current: 2, longest: 2, doneToday: false });
  });

  it('are broken by a day without an entry; the longest stays', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-27', '2026-11-29'];
    expect(streak(days, now)).toEqual({ current: 1, longest: 4, doneToday: true });
    expect(streak(['2026-11-20', '2026-11-21'], now)).toEqual({ current: 0, longest: 2, doneToday: false });
  });

  it('count each day once, in any order, across month and year ends', () => {
    const days = ['2027-01-01', '2026-12-31', '2026-12-31', '2026-12-30'];
    expect(streak(days, at('2027-01-02T23:59:59Z'))).toEqual({ current: 3, longest: 3, doneToday: false });
  });
});

describe('the CSV export', () => {
  it('puts check-ins and reflections in one table, newest first, every column on every row', () => {
    const records = exportRecords(
      [
        {
          id: 'c1',
          mood: 'happy',
          energyLevel: 7,
          moodDescription: '=SUM(A1), "quoted"',
          createdAt: at('2026-11-02T10:00:00Z'),
        },
      ],
      [
        {
          id: 'r1',
          content: 'line one\nline two',
          mood: 'positive',
          category: 'general',
          createdAt: at('2026-11-03T10:00:00Z'),
        },
      ],
    );
    expect(toCsv(records)).toBe(
      'type,created_at,mood,energy_level,text,category,id\r\n' +
        'reflection,2026-11-03T10:00:00.000Z,positive,,"line one\nline two",general,r1\r\n' +
        `check_in,2026-11-02T10:00:00.000Z,happy,7,"'=SUM(A1), ""quoted""",,c1\r\n`,
    );
  });
});
