// The coin price as a line chart (lightweight-charts, canvas). The chart is made once per mount and
// fed new points as they arrive; times are UTC seconds, shown in the browser's time zone.
import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { priceAxisRange } from '../market';
import styles from './CoinChart.module.css';

export function PriceChart({
  data,
  withSeconds,
  label,
}: {
  data: readonly { time: number; value: number }[];
  /** Short ranges show the time of day; long ones the date. */
  withSeconds: boolean;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const made = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#aaa4cf',
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: 'rgba(255, 255, 255, 0.05)' },
        horzLines: { color: 'rgba(255, 255, 255, 0.05)' },
      },
      rightPriceScale: { borderColor: 'rgba(255, 255, 255, 0.08)' },
      timeScale: { borderColor: 'rgba(255, 255, 255, 0.08)', timeVisible: true },
      // USD to 3 decimals (spec 000 §9).
      localization: { priceFormatter: (price: number) => `$${price.toFixed(3)}` },
    });
    series.current = made.addSeries(LineSeries, {
      color: '#a78bfa',
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 3, minMove: 0.001 },
      autoscaleInfoProvider: (
        original: () => { priceRange: { minValue: number; maxValue: number } } | null,
      ) => {
        const own = original();
        if (!own) return own;
        const range = priceAxisRange([own.priceRange.minValue, own.priceRange.maxValue]);
        return range ? { ...own, priceRange: range } : own;
      },
    });
    chart.current = made;
    return () => {
      made.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.applyOptions({ timeScale: { timeVisible: withSeconds, secondsVisible: false } });
  }, [withSeconds]);

  useEffect(() => {
    series.current?.setData(data.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    chart.current?.timeScale().fitContent();
  }, [data]);

  return (
    <div
      ref={container}
      className={styles.chart}
      role="img"
      aria-label={label}
      data-points={data.length}
      data-testid="coin-price-chart"
    />
  );
}
