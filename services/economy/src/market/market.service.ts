import { createEvent, EVENT_BUS, EventBus, LOGGER, RUNTIME, type ServiceRuntime } from '@aura/platform';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { uuidFrom } from '../ledger/ids';
import { MembersRepository } from '../members/members.repository';
import type { CoinPriceSource } from '../money/coin-price';
import { MARKET_OPTIONS } from '../tokens';
import { sumFacts } from './market-facts';
import { MarketRepository, type SnapshotDoc } from './market.repository';
import {
  BASE_PRICE_MICRO_USD,
  cappedPrice,
  dayOpenFor,
  downsample,
  formulaPrice,
  historyHours,
  HOUR_MS,
  MAX_HISTORY_HOURS,
  MINUTE_MS,
  minuteOf,
  percentChange,
  pointAtOrBefore,
  usdOf,
  utcDayOf,
} from './price-rules';

export interface MarketOptions {
  /** On a market with no snapshot yet, write a flat history this many days back (0 = none). */
  backfillDays?: number;
  /** Facts recorded less than this long ago wait for the next snapshot (an insert may be in flight). */
  settleMs?: number;
}

/** What the market needs to count members. */
export interface MemberCount {
  count(): Promise<number>;
}

export type MarketSnapshot = SnapshotDoc;

const DAY_MS = 24 * HOUR_MS;
/** Facts are kept this long (the 24-hour figures need one day; the rest is margin for late events). */
const FACT_RETENTION_MS = 8 * DAY_MS;
/** Snapshots are kept a little longer than the longest chart range. */
const SNAPSHOT_RETENTION_MS = (MAX_HISTORY_HOURS + 24) * HOUR_MS;

/**
 * The coin market (docs/adr/0006-coin-market.md): every minute one snapshot of the price and the
 * market figures, written once per minute whichever instance writes it; the latest one answers
 * GetCoinMarket and is announced as auracoin.price_updated; the last 31 days are kept in memory for
 * the history.
 */
@Injectable()
export class MarketService implements CoinPriceSource, OnModuleInit {
  /** Snapshots of the last 31 days, oldest first. */
  private series: SnapshotDoc[] = [];
  private inFlight?: Promise<SnapshotDoc>;

  constructor(
    @Inject(MarketRepository) private readonly repository: MarketRepository,
    @Inject(MembersRepository) private readonly members: MemberCount,
    @Inject(EVENT_BUS) private readonly bus: Pick<EventBus, 'publish'>,
    /** The producer name of auracoin.price_updated. */
    @Inject(RUNTIME) private readonly host: Pick<ServiceRuntime, 'service'>,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(MARKET_OPTIONS) private readonly options: MarketOptions = {},
  ) {}

  onModuleInit(): Promise<void> {
    return this.init();
  }

  async init(now = new Date()): Promise<void> {
    await this.repository.ensureIndexes();
    this.series = await this.repository.snapshotsSince(new Date(now.getTime() - SNAPSHOT_RETENTION_MS));
    const days = this.options.backfillDays ?? 0;
    if (this.series.length === 0 && days > 0) await this.backfill(now, days);
    await this.recordDayCloses(this.series);
  }

  /** The latest snapshot; the first one is taken on demand. */
  async current(): Promise<SnapshotDoc> {
    const latest = this.latestReal();
    if (latest && Date.now() - latest.at.getTime() < 5 * MINUTE_MS) return latest;
    return this.snapshot();
  }

  /** CoinPriceSource: the wallet's USD uses the latest price ($1.00 before any snapshot). */
  async currentPriceMicroUsd(): Promise<number> {
    return this.series.at(-1)?.price_micro_usd ?? BASE_PRICE_MICRO_USD;
  }

  /** Points of the last `hours` (1–720, default 24), oldest first, at most ~300. */
  async history(
    hours: number | undefined,
    now = new Date(),
  ): Promise<{ hours: number; points: SnapshotDoc[] }> {
    const span = historyHours(hours);
    if (this.series.length === 0) await this.snapshot(now);
    const from = new Date(now.getTime() - span * HOUR_MS);
    return { hours: span, points: downsample(this.series, from, now) };
  }

  /**
   * Takes the snapshot of the minute `now` falls in (once: a second call in the same minute, here or
   * on another instance, answers the one written), announces it, and keeps it for the history.
   */
  snapshot(now = new Date()): Promise<SnapshotDoc> {
    if (!this.inFlight)
      this.inFlight = this.take(now).finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private async take(now: Date): Promise<SnapshotDoc> {
    const minute = minuteOf(now);
    const id = minute.toISOString();
    const known = this.series.find((point) => point._id === id);
    if (known) return known;
    const previous = this.latestReal() ?? this.series.at(-1);
    const watermark = new Date(now.getTime() - (this.options.settleMs ?? 10_000));
    const after = previous && !previous.backfilled ? previous.watermark : new Date(0);
    const [users, fresh, lastDay] = await Promise.all([
      this.members.count(),
      this.repository.recordedBetween(after, watermark),
      this.repository.happenedSince(new Date(now.getTime() - DAY_MS)),
    ]);
    const added = sumFacts(fresh);
    const base = previous && !previous.backfilled ? previous : undefined;
    const totalEngagements = (base?.total_engagements ?? 0) + added.engagements;
    const supply = (base?.member_supply_micro ?? 0) + added.supply;
    const formula = formulaPrice(users, totalEngagements);
    const dayOpen = dayOpenFor(
      minute,
      previous && {
        at: previous.at,
        priceMicroUsd: previous.price_micro_usd,
        dayOpenMicroUsd: previous.day_open_micro_usd,
      },
      formula,
    );
    const price = cappedPrice(formula, dayOpen);
    const day = sumFacts(lastDay);
    const snapshot: SnapshotDoc = {
      _id: id,
      at: minute,
      price_micro_usd: price,
      day_open_micro_usd: dayOpen,
      total_users: users,
      total_engagements: totalEngagements,
      member_supply_micro: supply,
      engagements_24h: day.engagements,
      active_users_24h: day.activeUsers,
      volume_24h_micro_usd: usdOf(day.volume, price),
      market_cap_micro_usd: usdOf(supply, price),
      price_change_24h: percentChange(
        price,
        pointAtOrBefore(this.series, new Date(minute.getTime() - DAY_MS))?.price_micro_usd,
      ),
      price_change_7d: percentChange(
        price,
        pointAtOrBefore(this.series, new Date(minute.getTime() - 7 * DAY_MS))?.price_micro_usd,
      ),
      watermark,
    };
    const written = await this.repository.insertSnapshot(snapshot);
    const kept = written ? snapshot : ((await this.repository.snapshot(id)) ?? snapshot);
    this.keep(kept, now);
    if (written) await Promise.all([this.announce(kept), this.recordDayCloses([kept])]);
    return kept;
  }

  /**
   * The coin's closing price on each UTC day of [from, to) (what a statement values movements at):
   * the price of the day's last snapshot; a day without a snapshot takes the last close before it
   * ($1.00 before any).
   */
  async dailyCloses(from: Date, to: Date): Promise<(day: string) => number> {
    const [closes, before] = await Promise.all([
      this.repository.dayCloses(utcDayOf(from), utcDayOf(new Date(to.getTime() - 1))),
      this.repository.lastCloseBefore(utcDayOf(from)),
    ]);
    return (day: string) => {
      let price = before?.close_micro_usd ?? BASE_PRICE_MICRO_USD;
      for (const close of closes) {
        if (close._id > day) break;
        price = close.close_micro_usd;
      }
      return price;
    };
  }

  /** Each day's close from its last snapshot among `snapshots`. */
  private async recordDayCloses(snapshots: SnapshotDoc[]): Promise<void> {
    const lastOfDay = new Map<string, SnapshotDoc>();
    for (const snapshot of snapshots) {
      const day = utcDayOf(snapshot.at);
      const known = lastOfDay.get(day);
      if (!known || known.at < snapshot.at) lastOfDay.set(day, snapshot);
    }
    await Promise.all(
      [...lastOfDay].map(([day, snapshot]) =>
        this.repository.recordDayClose(day, snapshot.price_micro_usd, snapshot.at),
      ),
    );
  }

  /** auracoin.price_updated, with an id derived from the minute (a re-announcement is dropped). */
  private async announce(snapshot: SnapshotDoc): Promise<void> {
    const event = createEvent(this.host.service, 'auracoin.price_updated', 'auracoin', {
      ...marketFigures(snapshot),
      snapshotAt: snapshot.at.toISOString(),
    });
    event.id = uuidFrom(`auracoin.price_updated:${snapshot._id}`);
    // A lost announcement is replaced by the next minute's: the price itself is in the snapshot.
    await this.bus
      .publish([event])
      .catch((error) => this.logger.warn({ err: error }, 'price update not published'));
  }

  /** Old facts and snapshots (hourly). */
  async purge(now = new Date()): Promise<void> {
    await this.repository.purgeFactsBefore(new Date(now.getTime() - FACT_RETENTION_MS));
    await this.repository.purgeSnapshotsBefore(new Date(now.getTime() - SNAPSHOT_RETENTION_MS));
    const from = new Date(now.getTime() - SNAPSHOT_RETENTION_MS);
    this.series = this.series.filter((point) => point.at >= from);
  }

  private keep(snapshot: SnapshotDoc, now: Date): void {
    this.series = this.series.filter((point) => point._id !== snapshot._id);
    this.series.push(snapshot);
    this.series.sort((a, b) => a.at.getTime() - b.at.getTime());
    const from = new Date(now.getTime() - SNAPSHOT_RETENTION_MS);
    while (this.series.length > 0 && this.series[0].at < from) this.series.shift();
  }

  private latestReal(): SnapshotDoc | undefined {
    for (let i = this.series.length - 1; i >= 0; i -= 1)
      if (!this.series[i].backfilled) return this.series[i];
    return undefined;
  }

  /**
   * A market that never ran has no history: it gets a flat line at its opening price, with no
   * activity, so every chart range draws. Points are as dense as each range's ~300 buckets need (one a
   * minute for the last hour, every 4 minutes for the day, 30 for the week, hourly beyond), so the
   * chart's time axis is even from the first day.
   */
  private async backfill(now: Date, days: number): Promise<void> {
    const users = await this.members.count();
    const price = formulaPrice(users, 0);
    const end = minuteOf(now).getTime() - MINUTE_MS;
    const tiers: [span: number, step: number][] = [
      [HOUR_MS, MINUTE_MS],
      [DAY_MS, 4 * MINUTE_MS],
      [7 * DAY_MS, 30 * MINUTE_MS],
      [days * DAY_MS, HOUR_MS],
    ];
    const times = new Set<number>();
    for (const [span, step] of tiers)
      for (let t = Math.floor(end / step) * step; t >= end - Math.min(span, days * DAY_MS); t -= step)
        times.add(t);
    const points: SnapshotDoc[] = [...times]
      .sort((a, b) => a - b)
      .map((t) => ({
        _id: new Date(t).toISOString(),
        at: new Date(t),
        price_micro_usd: price,
        day_open_micro_usd: price,
        total_users: users,
        total_engagements: 0,
        member_supply_micro: 0,
        engagements_24h: 0,
        active_users_24h: 0,
        volume_24h_micro_usd: 0,
        market_cap_micro_usd: 0,
        price_change_24h: 0,
        price_change_7d: 0,
        watermark: new Date(0),
        backfilled: true,
      }));
    await this.repository.insertSnapshots(points);
    this.series = points;
    this.logger.info({ points: points.length, days }, 'coin market history backfilled');
  }
}

/** The figures the price event and GetCoinMarket share (spec 001 §3 "Coin market data"). */
export function marketFigures(snapshot: SnapshotDoc) {
  return {
    currentPriceMicroUsd: snapshot.price_micro_usd,
    priceChange24h: snapshot.price_change_24h,
    priceChange7d: snapshot.price_change_7d,
    marketCapMicroUsd: snapshot.market_cap_micro_usd,
    volume24hMicroUsd: snapshot.volume_24h_micro_usd,
    activeUsers24h: snapshot.active_users_24h,
    totalUsers: snapshot.total_users,
    totalEngagements24h: snapshot.engagements_24h,
  };
}
