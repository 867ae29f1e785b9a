import { formatAC, formatUSD, truncateDecimals } from './format';

describe('display formats (spec 000 §9)', () => {
  it('truncates instead of rounding', () => {
    expect(truncateDecimals(2.3, 1)).toBe('2.3');
    expect(truncateDecimals(12.39, 1)).toBe('12.3');
    expect(truncateDecimals(0.0019, 3)).toBe('0.001');
    expect(truncateDecimals(5, 3)).toBe('5.000');
    expect(truncateDecimals(-1.2349, 3)).toBe('-1.234');
    expect(truncateDecimals(-0.0001, 3)).toBe('0.000');
    expect(truncateDecimals(Number.NaN, 1)).toBe('0.0');
  });

  it('header balance has one decimal, menu balance three', () => {
    expect(formatAC(1234.5678, 1)).toBe('1234.5 AC');
    expect(formatAC(1234.5678)).toBe('1234.567 AC');
  });

  it('USD has three decimals', () => {
    expect(formatUSD(1)).toBe('$1.000');
    expect(formatUSD(0.0456)).toBe('$0.045');
  });
});
