import { Caller, Forbidden } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '../payments/messages';
import { DEFAULT_SETTINGS, EconomySettingsValues, settingsChangeOf } from './settings-rules';
import { SettingsDoc, SettingsRepository } from './settings.repository';

export interface EconomySettingsView extends EconomySettingsValues {
  updatedAt: Date | null;
  updatedBy: string;
}

/** Every economy instance re-reads the settings at most this often (a change shows within it). */
const CACHE_MS = 5_000;

/**
 * The super admin's economy settings (one document in `settings`). Withdrawals read the minimum and
 * rewards the post reward through `current()`, cached briefly so a busy consumer does not read
 * the document for every post.
 */
@Injectable()
export class EconomySettings {
  private cached: { at: number; view: EconomySettingsView } | null = null;
  private readonly cacheMs = CACHE_MS;

  constructor(@Inject(SettingsRepository) private readonly repository: SettingsRepository) {}

  async current(): Promise<EconomySettingsView> {
    if (this.cached && Date.now() - this.cached.at < this.cacheMs) return this.cached.view;
    const doc = await this.repository.read();
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
    await this.repository.write(set);
    this.cached = null;
    return this.current();
  }
}
