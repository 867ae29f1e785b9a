import { labelEvery, niceTicks } from './chart-scale';

describe('chart axes', () => {
  it('makes round ticks from zero past the maximum', () => {
    expect(niceTicks(0, 9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0, 37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(0, 1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('prints every nth label counted from the last, so the newest always shows', () => {
    const shown = labelEvery(30, 7);
    const indexes = Array.from({ length: 30 }, (_, i) => i).filter(shown);
    expect(indexes.at(-1)).toBe(29);
    expect(indexes.length).toBeLessThanOrEqual(8);
    expect(Array.from({ length: 7 }, (_, i) => i).filter(labelEvery(7, 7))).toHaveLength(7);
  });
});
