import { changeTimeOf } from './event';

describe('changeTimeOf', () => {
  const fallback = new Date('2026-11-28T00:00:00.000Z');

  it("takes the payload's time, else the event's, else the fallback", () => {
    const event = { occurredAt: '2026-11-28T10:00:00.000Z' };
    expect(changeTimeOf(event, '2026-11-28T09:59:59.000Z', fallback)).toEqual(
      new Date('2026-11-28T09:59:59.000Z'),
    );
    expect(changeTimeOf(event, '', fallback)).toEqual(new Date('2026-11-28T10:00:00.000Z'));
    expect(changeTimeOf(event, 'not a time', fallback)).toEqual(new Date('2026-11-28T10:00:00.000Z'));
    expect(changeTimeOf({ occurredAt: '' }, undefined, fallback)).toBe(fallback);
  });
});
