import { formatMicro, formatMicroExact, isMicroAmount, MAX_AMOUNT_MICRO, microUsdOf } from './micro';

describe('micro-AC formatting', () => {
  it.each([
    [0, '0.000'],
    [1, '0.000'],
    [1_500, '0.001'],
    [1_999_999, '1.999'],
    [12_345_678, '12.345'],
    [-1_500, '-0.001'],
    [-999, '0.000'],
    [MAX_AMOUNT_MICRO, '1000000000.000'],
  ])('truncates %p to %p (never rounds up)', (micro, text) => {
    expect(formatMicro(micro)).toBe(text);
  });

  it('formats one decimal for the header and six exactly', () => {
    expect(formatMicro(1_990_000, 1)).toBe('1.9');
    expect(formatMicroExact(1_500_000)).toBe('1.5');
    expect(formatMicroExact(1_500)).toBe('0.0015');
    expect(formatMicroExact(12_000_000)).toBe('12');
  });

  it('accepts only positive safe integers up to the maximum as amounts', () => {
    expect(isMicroAmount(1)).toBe(true);
    expect(isMicroAmount(0)).toBe(false);
    expect(isMicroAmount(-5)).toBe(false);
    expect(isMicroAmount(1.5)).toBe(false);
    expect(isMicroAmount(MAX_AMOUNT_MICRO + 1)).toBe(false);
  });

  it('converts to micro-USD at a price without floating point', () => {
    expect(microUsdOf(1_500_000, 1_000_000)).toBe(1_500_000);
    expect(microUsdOf(3, 1_250_000)).toBe(3);
    expect(microUsdOf(MAX_AMOUNT_MICRO, 1_050_000)).toBe(1_050_000_000_000_000);
  });
});
