// The coin chart's pure rules (spec 001 §2 "Coin market chart dialog", §4): ranges, refresh, the
// points a line chart takes, and how figures read.
import { truncateDecimals } from '../../ui/format';
import type { CoinMarket, PricePoint, PriceUpdate } from './types';

export type ChartRange = '1H' | '24H' | '7D' | '30D';

export const CHART_RANGES: readonly { id: ChartRange; label: string; hours: number }[] = [
  { id: '1H', label: '1H', hours: 1 },
  { id: '24H', label: '24H', hours: 24 },
  { id: '7D', label: '7D', hours: 168 },
  { id: '30D', label: '30D', hours: 720 },
];

export const DEFAULT_RANGE: ChartRange = '24H';

/** Market data refreshes every 60 seconds and on auracoin_price_update. */
export const MARKET_REFRESH_MS = 60_000;

export const hoursOf = (range: ChartRange) => CHART_RANGES.find((item) => item.id === range)!.hours;

/** A line series' data: time in whole UTC seconds, strictly ascending (the chart refuses repeats). */
export function toLineData(points: readonly PricePoint[]): { time: number; value: number }[] {
  const byTime = new Map<number, number>();
  for (const point of points) {
    const time = Math.floor(Date.parse(point.timestamp) / 1000);
    if (Number.isFinite(time) && Number.isFinite(point.price)) byTime.set(time, point.price);
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
}

/** "+1.250%" / "-0.500%" / "0.000%". */
export function formatChange(percent: number): string {
  const value = Number.isFinite(percent) ? percent : 0;
  const text = Math.abs(value).toFixed(3);
  if (Number(text) === 0) return '0.000%';
  return `${value > 0 ? '+' : '-'}${text}%`;
}

export const changeTone = (percent: number): 'up' | 'down' | 'flat' =>
  percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';

/** "$12,345.678": USD with 3 decimals and thousands separators (large figures: cap, volume). */
export function formatUSDAmount(value: number): string {
  const [whole, fraction] = truncateDecimals(value, 3).split('.');
  const negative = whole!.startsWith('-');
  const digits = negative ? whole!.slice(1) : whole!;
  return `${negative ? '-' : ''}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** The market after a realtime update: its four figures replace the known ones. */
export function withUpdate(market: CoinMarket | undefined, update: PriceUpdate): CoinMarket | undefined {
  if (!market) return market;
  return {
    ...market,
    current_price: update.current_price,
    price_change_24h: update.price_change_24h,
    price_change_7d: update.price_change_7d,
    market_cap: update.market_cap,
  };
}

/** The price axis never spans less than this share of the price (a flat $1.000 line reads as flat). */
export const MIN_AXIS_SPAN = 0.02;

/**
 * The price axis for a series: its own range, widened around its middle to at least MIN_AXIS_SPAN of
 * the price, so a steady price shows as a steady line and not as noise on a ±0.0006 axis.
 */
export function priceAxisRange(values: readonly number[]): { minValue: number; maxValue: number } | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const middle = (min + max) / 2;
  const half = Math.max((Math.abs(middle) * MIN_AXIS_SPAN) / 2, 0.001);
  if (max - min >= half * 2) return { minValue: min, maxValue: max };
  return { minValue: middle - half, maxValue: middle + half };
}
