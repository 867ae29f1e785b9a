import { clampLimit } from '../explore/explore-rules';
import { engagementFigures, int32, PREVIEW_LIMIT } from './public-rules';

describe('public rules', () => {
  it('limits the preview to 10 by default and 20 at most', () => {
    expect(clampLimit(undefined, PREVIEW_LIMIT)).toBe(10);
    expect(clampLimit(0, PREVIEW_LIMIT)).toBe(10);
    expect(clampLimit(3, PREVIEW_LIMIT)).toBe(3);
    expect(clampLimit(21, PREVIEW_LIMIT)).toBe(20);
  });

  it('sums engagement over every day and picks the UTC day of now', () => {
    const byDay = new Map([
      ['2026-11-19', 4],
      ['2026-11-20', 7],
      ['2026-11-21', 2],
    ]);
    expect(engagementFigures(byDay, new Date('2026-11-21T23:59:59Z'))).toEqual({
      totalEngagement: 13,
      engagementToday: 2,
    });
    expect(engagementFigures(byDay, new Date('2026-11-22T00:00:00Z'))).toEqual({
      totalEngagement: 13,
      engagementToday: 0,
    });
    expect(engagementFigures(new Map(), new Date())).toEqual({ totalEngagement: 0, engagementToday: 0 });
  });

  it('keeps int32 figures in range', () => {
    expect(int32(5.7)).toBe(5);
    expect(int32(-1)).toBe(0);
    expect(int32(2 ** 40)).toBe(2_147_483_647);
  });
});
