import { refreshExpiry } from './session-lifetime';

const DAY = 24 * 3600;
const at = (iso: string) => new Date(iso);

describe('session lifetime: idle refresh tokens inside an absolute cap', () => {
  it('a fresh session gets the idle lifetime', () => {
    expect(refreshExpiry(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), 7 * DAY, 30 * DAY)).toEqual(
      at('2026-01-08T00:00:00Z'),
    );
  });

  it('rotations slide the idle lifetime but never past sign-in + max age', () => {
    const started = at('2026-01-01T00:00:00Z');
    expect(refreshExpiry(at('2026-01-20T00:00:00Z'), started, 7 * DAY, 30 * DAY)).toEqual(
      at('2026-01-27T00:00:00Z'),
    );
    expect(refreshExpiry(at('2026-01-28T00:00:00Z'), started, 7 * DAY, 30 * DAY)).toEqual(
      at('2026-01-31T00:00:00Z'),
    );
  });

  it('a session past its max age issues nothing', () => {
    const started = at('2026-01-01T00:00:00Z');
    expect(refreshExpiry(at('2026-01-31T00:00:00Z'), started, 7 * DAY, 30 * DAY)).toBeNull();
    expect(refreshExpiry(at('2026-03-01T00:00:00Z'), started, 7 * DAY, 30 * DAY)).toBeNull();
  });
});
