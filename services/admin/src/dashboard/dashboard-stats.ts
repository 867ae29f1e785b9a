import type { DashboardReadModel } from './read-model';
import { utcDay } from './read-model';

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

const DAY_MS = 86_400_000;
/** The figures are computed at most this often (every admin's panel polls the same numbers). */
const CACHE_MS = 3_000;

/** Percent of members active in the window, one decimal (0 with no members). */
export function engagementRate(active: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(active, total) / total) * 1000) / 10;
}

/** The dashboard's figures from the read model (definitions: services/admin/README.md). */
export class DashboardStatsService {
  private cached: { at: number; stats: DashboardStats } | null = null;

  constructor(
    private readonly model: DashboardReadModel,
    private readonly openTickets: () => Promise<number>,
    private readonly cacheMs = CACHE_MS,
  ) {}

  async stats(now = new Date()): Promise<DashboardStats> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs) return this.cached.stats;
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
      this.model.members.countDocuments({ registered_at: { $exists: true } }),
      this.model.members.countDocuments({ registered_at: { $gte: since } }),
      // Members whose registration the read model saw (as total_users), so the rate stays a share of them.
      this.model.members.countDocuments({
        registered_at: { $exists: true },
        last_active_at: { $gte: since },
      }),
      this.sum(this.model.revenue, 'usd_cents', { at: { $gte: since } }),
      this.model.distributedMicro(),
      this.model.withdrawals.countDocuments({ status: 'pending' }),
      this.openTickets(),
      this.model.content.countDocuments({ kind: 'post', day: today }),
      this.model.content.countDocuments({ kind: 'comment', day: today }),
      this.model.content.countDocuments({ kind: 'story', day: today }),
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

  /** Drops the cached figures (tests, and right after a change made here). */
  invalidate(): void {
    this.cached = null;
  }

  private async sum(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    target: { aggregate(pipeline: object[]): { toArray(): Promise<any[]> } },
    field: string,
    match: object,
  ): Promise<number> {
    const [row] = await target
      .aggregate([{ $match: match }, { $group: { _id: null, total: { $sum: `$${field}` } } }])
      .toArray();
    return Number(row?.total ?? 0);
  }
}
