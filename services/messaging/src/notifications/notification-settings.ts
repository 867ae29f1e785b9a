import { InvalidInput, RuleViolation } from '@aura/platform';
import type { messaging } from '@aura/proto';
import type { ReminderTime } from './reminder-time';

/** The types a member may turn off (issue 23); account (system) and money (withdrawal) ones stay on. */
export const MUTABLE_NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'tip',
  'genie_earning',
] as const;
const ALWAYS_ON = new Set(['system', 'withdrawal']);

export const NotificationSettingsMessages = {
  unknownType: (type: string) => `Unknown notification type: ${type}`,
  alwaysOn: 'Account and money notifications cannot be turned off',
} as const;

/** Checks the types to turn off; answers them unique and sorted. */
export function validateMutedTypes(types: readonly string[]): string[] {
  const muted = new Set<string>();
  for (const type of types) {
    if (ALWAYS_ON.has(type)) throw new RuleViolation(NotificationSettingsMessages.alwaysOn);
    if (!(MUTABLE_NOTIFICATION_TYPES as readonly string[]).includes(type))
      throw new InvalidInput(NotificationSettingsMessages.unknownType(type.slice(0, 40)));
    muted.add(type);
  }
  return [...muted].sort();
}

/**
 * What a member asked for: the types turned off, the others in one daily digest or as they come, and
 * the opt-in wellbeing reminder.
 */
export interface NotificationPreferences {
  mutedTypes: string[];
  dailyDigest: boolean;
  reminder: ReminderTime | null;
}

/** How a notification of a type reaches the member: now, in tomorrow's digest, or not at all. */
export type Delivery = 'now' | 'digest' | 'muted';

/** How a notification of `type` reaches a member with these settings (none stored: as it comes). */
export function deliveryOf(
  type: string,
  settings: { muted_types?: string[]; daily_digest?: boolean } | undefined,
): Delivery {
  if (!(MUTABLE_NOTIFICATION_TYPES as readonly string[]).includes(type)) return 'now';
  if (settings?.muted_types?.includes(type)) return 'muted';
  return settings?.daily_digest ? 'digest' : 'now';
}

export const toSettingsProto = (preferences: NotificationPreferences): messaging.NotificationSettings => ({
  mutedTypes: preferences.mutedTypes,
  dailyDigest: preferences.dailyDigest,
  reminderTime: preferences.reminder?.time ?? '',
  reminderTimeZone: preferences.reminder?.timeZone ?? '',
});
