import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { LedgerSession } from '../ledger/ledger.repository';
import { RewardDaysRepository } from './reward-days.repository';

/**
 * Daily reward limits: one counter per member, reason and day, taken inside the reward's ledger
 * transaction (read, then `$inc`ed by the claims that fit; a concurrent take of the same counter makes
 * the transaction conflict and run again). The reward's transfer and its
 * count commit together, so a redelivered event, which finds its transfer, never counts twice.
 */
@Injectable()
export class RewardSlots implements OnModuleInit {
  constructor(@Inject(RewardDaysRepository) private readonly days: RewardDaysRepository) {}

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.days.ensureIndexes();
  }

  /**
   * Takes, for each request in turn, one of the first `limit` rewards of its day (false when the day is
   * full), with one read and one write for all of them. Safe inside the
   * transaction: a concurrent take of the same counter makes the write conflict, and the transaction
   * runs again.
   */
  async takeMany(session: LedgerSession, requests: readonly SlotRequest[]): Promise<boolean[]> {
    if (requests.length === 0) return [];
    const idOf = ({ reason, user, day }: SlotRequest) => `${reason}:${user}:${day}`;
    const ids = [...new Set(requests.map(idOf))];
    const counts = await this.days.countsOf(session, ids);
    const added = new Map<string, { day: string; count: number }>();
    const taken = requests.map((request) => {
      const id = idOf(request);
      const count = counts.get(id) ?? 0;
      if (count >= request.limit) return false;
      counts.set(id, count + 1);
      added.set(id, { day: request.day, count: (added.get(id)?.count ?? 0) + 1 });
      return true;
    });
    if (added.size > 0) await this.days.add(session, added);
    return taken;
  }
}

export interface SlotRequest {
  reason: string;
  user: string;
  day: string;
  limit: number;
}
