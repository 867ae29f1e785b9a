import { InvalidInput } from '@aura/platform';
import { localDayOf, nextReminderAt, validateReminderTime } from './reminder-time';

describe('the wellbeing reminder time', () => {
  it('is HH:MM in a known time zone', () => {
    expect(validateReminderTime('08:30', 'Europe/Berlin')).toEqual({
      time: '08:30',
      timeZone: 'Europe/Berlin',
    });
    expect(validateReminderTime('23:59', 'UTC').time).toBe('23:59');
    for (const time of ['8:30', '24:00', '12:60', '', 'noon'])
      expect(() => validateReminderTime(time, 'UTC')).toThrow(
        new InvalidInput('The reminder time must be HH:MM (00:00 to 23:59)'),
      );
    expect(() => validateReminderTime('08:00', 'Mars/Olympus')).toThrow(
      new InvalidInput('Unknown time zone: Mars/Olympus'),
    );
  });

  it('comes next at that time of the member’s day, today if it is still ahead, else tomorrow', () => {
    const berlin = { time: '20:00', timeZone: 'Europe/Berlin' }; // UTC+1 in winter
    expect(nextReminderAt(new Date('2026-11-29T10:00:00Z'), berlin)).toEqual(
      new Date('2026-11-29T19:00:00Z'),
    );
    expect(nextReminderAt(new Date('2026-11-29T19:00:00Z'), berlin)).toEqual(
      new Date('2026-11-30T19:00:00Z'),
    );
    const la = { time: '07:15', timeZone: 'America/Los_Angeles' }; // UTC-8 in winter
    expect(nextReminderAt(new Date('2026-11-29T10:00:00Z'), la)).toEqual(new Date('2026-11-29T15:15:00Z'));
    // Across a change of clocks (Berlin springs forward on 2027-03-28): the wall-clock time holds.
    expect(nextReminderAt(new Date('2027-03-27T20:00:00Z'), berlin)).toEqual(
      new Date('2027-03-28T18:00:00Z'),
    );
  });

  it('knows the member’s own day', () => {
    expect(localDayOf(new Date('2026-11-29T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-30');
    expect(localDayOf(new Date('2026-11-29T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-28');
    expect(localDayOf(new Date('2026-11-29T05:00:00Z'), 'UTC')).toBe('2026-11-29');
  });
});
