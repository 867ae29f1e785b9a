import {
  priceAxisRange,
  CHART_RANGES,
  changeTone,
  DEFAULT_RANGE,
  formatChange,
  formatUSDAmount,
  hoursOf,
  toLineData,
  withUpdate,
} from './market';
import type { CoinMarket } from './types';

describe('coin chart', () => {
  it('offers 1H, 24H, 7D and 30D, 24H by default, as hours of history', () => {
    expect(CHART_RANGES.map((range) => range.label)).toEqual(['1H', '24H', '7D', '30D']);
    expect(DEFAULT_RANGE).toBe('24H');
    expect(['1H', '24H', '7D', '30D'].map((range) => hoursOf(range as never))).toEqual([1, 24, 168, 720]);
  });

  it('turns history points into ascending, unique whole-second times', () => {
    const point = (timestamp: string, price: number) => ({
      timestamp,
      price,
      active_users: 0,
      engagements: 0,
    });
    expect(
      toLineData([
        point('2026-11-21T10:02:00.000Z', 1.0002),
        point('2026-11-21T10:00:00.000Z', 1),
        point('2026-11-21T10:02:00.400Z', 1.0003),
        point('not a time', 2),
      ]),
    ).toEqual([
      { time: Date.parse('2026-11-21T10:00:00Z') / 1000, value: 1 },
      { time: Date.parse('2026-11-21T10:02:00Z') / 1000, value: 1.0003 },
    ]);
  });

  it('reads changes as signed percentages with 3 decimals', () => {
    expect(formatChange(1.25)).toBe('+1.250%');
    expect(formatChange(-0.5)).toBe('-0.500%');
    expect(formatChange(0)).toBe('0.000%');
    expect(formatChange(-0.0001)).toBe('0.000%');
    expect([changeTone(1), changeTone(-1), changeTone(0)]).toEqual(['up', 'down', 'flat']);
  });

  it('shows USD amounts with 3 decimals and thousands separators, never rounded up', () => {
    expect(formatUSDAmount(12345.6789)).toBe('$12,345.678');
    expect(formatUSDAmount(0)).toBe('$0.000');
    expect(formatUSDAmount(999.9999)).toBe('$999.999');
  });

  it('applies a realtime update to the known market', () => {
    const market = {
      current_price: 1,
      price_change_24h: 0,
      price_change_7d: 0,
      market_cap: 5,
      total_users: 9,
    };
    const update = { current_price: 1.001, price_change_24h: 0.1, price_change_7d: 0.2, market_cap: 6 };
    expect(withUpdate(market as CoinMarket, update)).toEqual({ ...market, ...update });
    expect(withUpdate(undefined, update)).toBeUndefined();
  });
});

describe('the price axis', () => {
  it('widens a flat price to at least 2 % of it, centred on the price', () => {
    const range = priceAxisRange([1, 1.0004])!;
    expect(range.minValue).toBeCloseTo(0.9902, 4);
    expect(range.maxValue).toBeCloseTo(1.0102, 4);
  });

  it('keeps a range wider than that as it is', () => {
    expect(priceAxisRange([0.9, 1.1])).toEqual({ minValue: 0.9, maxValue: 1.1 });
  });

  it('has no range without a finite value', () => {
    expect(priceAxisRange([])).toBeNull();
    expect(priceAxisRange([Number.NaN])).toBeNull();
  });
});
