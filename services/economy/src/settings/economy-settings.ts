import { Caller, Forbidden, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { collectionOf, indexedModel } from '../db';
import { Messages } from '../payments/messages';
import { DEFAULT_SETTINGS, EconomySettingsValues, settingsChangeOf } from './settings-rules';

interface SettingsDoc {
  _id: string;
  min_withdrawal_usd_micro?: number;
  post_reward_micro?: number;
  updated_at?: Date;
  updated_by?: string;
}

export interface EconomySettingsView extends EconomySettingsValues {
  updatedAt: Date | null;
  updatedBy: string;
}

const DOC_ID = 'economy';
/** Every economy instance re-reads the settings at most this often (a change shows within it). */
const CACHE_MS = 5_000;

/**
 * The super admin's economy settings (one document in `settings`). Withdrawals read the minimum and
 * rewards the post reward through `current()`, cached briefly so a busy consumer does not read
 * the document for every post.
 */
@Injectable()
export class EconomySettings {
  private readonly docs;
  private cached: { at: number; view: EconomySettingsView } | null = null;
  private readonly cacheMs = CACHE_MS;

  constructor(@Inject(MONGO) connection: Connection) {
    this.docs = collectionOf<SettingsDoc>(indexedModel(connection, 'EconomySettings', 'settings'));
  }

  async current(): Promise<EconomySettingsView> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs) return this.cached.view;
    const doc = await this.docs.findOne({ _id: DOC_ID });
    const view: EconomySettingsView = {
      minWithdrawalUsdMicro: doc?.min_withdrawal_usd_micro ?? DEFAULT_SETTINGS.minWithdrawalUsdMicro,
      postRewardMicro: doc?.post_reward_micro ?? DEFAULT_SETTINGS.postRewardMicro,
      updatedAt: doc?.updated_at ?? null,
      updatedBy: doc?.updated_by ?? '',
    };
    this.cached = { at: Date.now(), view };
    return view;
  }

  async read(caller: Caller | undefined): Promise<EconomySettingsView> {
    if (caller?.role !== 'admin' && caller?.role !== 'super_admin') throw new Forbidden(Messages.notAllowed);
    this.cached = null;
    return this.current();
  }

  async update(
    caller: Caller | undefined,
    input: { minWithdrawalUsdMicro?: number; postRewardMicro?: number },
  ): Promise<EconomySettingsView> {
    if (caller?.role !== 'super_admin') throw new Forbidden(Messages.notAllowed);
    const change = settingsChangeOf(input);
    const set: Partial<SettingsDoc> = { updated_at: new Date(), updated_by: caller.userId };
    if (change.minWithdrawalUsdMicro !== undefined)
      set.min_withdrawal_usd_micro = change.minWithdrawalUsdMicro;
    if (change.postRewardMicro !== undefined) set.post_reward_micro = change.postRewardMicro;
    await this.docs.updateOne({ _id: DOC_ID }, { $set: set }, { upsert: true });
    this.cached = null;
    return this.current();
  }
}
