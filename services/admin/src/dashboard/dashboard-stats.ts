import { Inject, Injectable } from '@nestjs/common';
import { TicketsService } from '../support/tickets.service';
import { DashboardReadModel, utcDay } from './read-model.repository';

export interface DashboardStats {
  totalUsers: number;
  newRegistrations24h: number;
  engagementRate: number;
  activeUsers24h: number;
  dailyRevenueUsdMicro: number;
  totalAuracoinDistributedMicro: number;
  pendingWithdrawals: number;
  openSupportTickets: number;
  totalPostsToday: number;
  totalCommentsToday: number;
  totalStoriesToday: number;
}

export interface DashboardDay {
  date: string;
  newRegistrations: number;
  activeUsers: number;
  posts: number;
  comments: number;
  stories: number;
  revenueUsdMicro: number;
}

/** The trend ranges the dashboard offers, in days. */
export const HISTORY_DAYS = [7, 30] as const;

const DAY_MS = 86_400_000;
/** The figures are computed at most this often (every admin's panel polls the same numbers). */
const CACHE_MS = 3_000;

/** Percent of members active in the window, one decimal (0 with no members). */
export function engagementRate(active: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(active, total) / total) * 1000) / 10;
}

/** The last `days` UTC days, oldest first, today last (YYYY-MM-DD). */
export function lastDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => utcDay(new Date(today - (days - 1 - index) * DAY_MS)));
}

/** One row per day of `dates`, from per-day counts keyed by date (a day with none is 0). */
export function historyRows(
  dates: readonly string[],
  counts: {
    registrations: ReadonlyMap<string, number>;
    active: ReadonlyMap<string, number>;
    content: ReadonlyMap<string, number>;
    revenueCents: ReadonlyMap<string, number>;
  },
): DashboardDay[] {
  const of = (map: ReadonlyMap<string, number>, key: string) => map.get(key) ?? 0;
  return dates.map((date) => ({
    date,
    newRegistrations: of(counts.registrations, date),
    activeUsers: of(counts.active, date),
    posts: of(counts.content, `post:${date}`),
    comments: of(counts.content, `comment:${date}`),
    stories: of(counts.content, `story:${date}`),
    revenueUsdMicro: of(counts.revenueCents, date) * 10_000,
  }));
}

/** The dashboard's figures from the read model (definitions: services/admin/README.md). */
@Injectable()
export class DashboardStatsService {
  private cached: { at: number; stats: DashboardStats } | null = null;

  constructor(
    @Inject(DashboardReadModel) private readonly model: DashboardReadModel,
    @Inject(TicketsService) private readonly tickets: TicketsService,
  ) {
    // The open-tickets figure is shown fresh after a ticket changes, not up to CACHE_MS late.
    tickets.onChange(() => this.invalidate());
  }

  async stats(now = new Date()): Promise<DashboardStats> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.stats;
    const since = new Date(now.getTime() - DAY_MS);
    const today = utcDay(now);
    const [
      totalUsers,
      newRegistrations24h,
      activeUsers24h,
      revenue,
      distributed,
      pendingWithdrawals,
      openSupportTickets,
      totalPostsToday,
      totalCommentsToday,
      totalStoriesToday,
    ] = await Promise.all([
      this.model.countRegistered(),
      this.model.countRegistered(since),
      // Members whose registration the read model saw (as total_users), so the rate stays a share of them.
      this.model.countActiveSince(since),
      this.model.revenueCentsSince(since),
      this.model.distributedMicro(),
      this.model.countPendingWithdrawals(),
      this.tickets.countOpen(),
      this.model.countContent('post', today),
      this.model.countContent('comment', today),
      this.model.countContent('story', today),
    ]);
    const stats: DashboardStats = {
      totalUsers,
      newRegistrations24h,
      engagementRate: engagementRate(activeUsers24h, totalUsers),
      activeUsers24h,
      dailyRevenueUsdMicro: revenue * 10_000,
      totalAuracoinDistributedMicro: distributed,
      pendingWithdrawals,
      openSupportTickets,
      totalPostsToday,
      totalCommentsToday,
      totalStoriesToday,
    };
    this.cached = { at: Date.now(), stats };
    return stats;
  }

  /**
   * The figures per UTC day over the last `days` days (7 or 30), oldest first: registrations, active
   * members, posts, comments, stories and card revenue. Each is one grouped read of the read model.
   */
  async history(days: number, now = new Date()): Promise<DashboardDay[]> {
    const dates = lastDays(days, now);
    const first = dates[0]!;
    const since = new Date(`${first}T00:00:00.000Z`);
    return historyRows(dates, await this.model.perDay(first, since));
  }

  /** Drops the cached figures (tests, and right after a change made here). */
  invalidate(): void {
    this.cached = null;
  }
}
