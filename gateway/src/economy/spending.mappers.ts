import type { economy } from '@aura/proto';
import { UnprocessableEntityException } from '@nestjs/common';
import { microToAc, parseAcToMicro } from '../common/amounts';
import type { PendingSpendingChangeResponse, SpendingSettingsResponse } from './spending.dto';

export const settingMessage = (field: string) =>
  `${field} must be an amount of AC from 0 to 1,000,000 with at most 3 decimals, or null`;

/** A setting in a request: absent (no change), null (remove it) or an amount of AC (422 otherwise). */
export function settingChangeOf(value: unknown, field: string): { value?: number; remove: boolean } {
  if (value === undefined) return { remove: false };
  if (value === null) return { remove: true };
  const parsed = parseAcToMicro(value);
  if (!parsed.ok || parsed.micro < 0)
    throw new UnprocessableEntityException({ detail: settingMessage(field) });
  return { value: parsed.micro, remove: false };
}

const acOrNull = (micro: number | undefined) => (micro === undefined ? null : microToAc(micro));

function toPending(pending: economy.PendingSpendingChange | undefined): PendingSpendingChangeResponse | null {
  if (!pending) return null;
  return { value: acOrNull(pending.valueMicro), effective_at: pending.effectiveAt };
}

export function toSpendingSettings(settings: economy.SpendingSettings): SpendingSettingsResponse {
  const limit = settings.dailyLimitMicro;
  return {
    daily_limit: acOrNull(limit),
    pause_threshold: acOrNull(settings.pauseThresholdMicro),
    pending_daily_limit: toPending(settings.pendingDailyLimit),
    pending_pause_threshold: toPending(settings.pendingPauseThreshold),
    spent_today: microToAc(settings.spentTodayMicro),
    left_today: limit === undefined ? null : microToAc(Math.max(0, limit - settings.spentTodayMicro)),
    day_resets_at: settings.dayResetsAt,
    cooling_off_until: settings.coolingOffUntil || null,
    low_mood: settings.lowMood,
  };
}
