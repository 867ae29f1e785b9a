import { accruedMicro, DAY_MS, memberDailyRateMicro, MICRO_PER_AC } from './accrual';

const at = (ms: number) => new Date(Date.UTC(2026, 4, 1) + ms);

describe('earnings accrual', () => {
  it('accrues the daily rate continuously, in whole micro-AC rounded down', () => {
    const rate = 20 * MICRO_PER_AC;
    expect(accruedMicro(rate, false, at(0), at(DAY_MS))).toBe(20 * MICRO_PER_AC);
    expect(accruedMicro(rate, false, at(0), at(DAY_MS / 2))).toBe(10 * MICRO_PER_AC);
    expect(accruedMicro(rate, false, at(0), at(1000))).toBe(231); // 20,000,000 micro-AC × 1 s / 86,400 s = 231.48…
    expect(accruedMicro(MICRO_PER_AC, false, at(0), at(1))).toBe(0); // 0.0115… micro-AC
    expect(accruedMicro(300 * MICRO_PER_AC, false, at(0), at(30 * DAY_MS))).toBe(9000 * MICRO_PER_AC);
  });

  it('pays ×1.5 for SuperAura members', () => {
    expect(memberDailyRateMicro(20 * MICRO_PER_AC, true)).toBe(30 * MICRO_PER_AC);
    expect(memberDailyRateMicro(MICRO_PER_AC, true)).toBe(1_500_000);
    expect(memberDailyRateMicro(MICRO_PER_AC, false)).toBe(MICRO_PER_AC);
    expect(accruedMicro(MICRO_PER_AC, true, at(0), at(2 * DAY_MS))).toBe(3 * MICRO_PER_AC);
  });

  it('accrues nothing for an empty or reversed window', () => {
    expect(accruedMicro(MICRO_PER_AC, false, at(5000), at(5000))).toBe(0);
    expect(accruedMicro(MICRO_PER_AC, false, at(5000), at(0))).toBe(0);
    expect(accruedMicro(0, false, at(0), at(DAY_MS))).toBe(0);
  });

  it('splits without loss: two claims never pay more than one over the same span', () => {
    const rate = 50 * MICRO_PER_AC;
    const whole = accruedMicro(rate, false, at(0), at(777_777));
    const split =
      accruedMicro(rate, false, at(0), at(333_333)) + accruedMicro(rate, false, at(333_333), at(777_777));
    expect(split).toBeLessThanOrEqual(whole);
    expect(whole - split).toBeLessThanOrEqual(1);
  });
});
