import { ApiError } from '../../api/errors';
import {
  coolingOffText,
  hasPending,
  isPauseRequired,
  lowMoodText,
  pendingText,
  settingOf,
  spendingChangeOf,
  type SpendingSettings,
  spentTodayText,
} from './spending';

const settings = (extra: Partial<SpendingSettings> = {}): SpendingSettings => ({
  daily_limit: null,
  pause_threshold: null,
  pending_daily_limit: null,
  pending_pause_threshold: null,
  spent_today: 0,
  left_today: null,
  day_resets_at: '2026-11-30T00:00:00.000Z',
  cooling_off_until: null,
  low_mood: false,
  ...extra,
});

describe('spending that cares: the form', () => {
  it('reads a setting: empty is none, else an amount of AC (at most 3 decimals, up to 1,000,000)', () => {
    expect(settingOf('')).toBeNull();
    expect(settingOf('  ')).toBeNull();
    expect(settingOf('50')).toBe('50');
    expect(settingOf(' 12.5 ')).toBe('12.5');
    expect(settingOf('0')).toBe('0');
    expect(settingOf('1000000')).toBe('1000000');
    for (const bad of ['-1', 'ten', '0.0001', '1000000.001', '1e3']) expect(settingOf(bad)).toBeUndefined();
  });

  it('sends only what the member changed (an untouched field would cancel a pending raise)', () => {
    const current = settings({ daily_limit: 50, pause_threshold: 10 });
    expect(spendingChangeOf({ dailyLimit: '50', pauseThreshold: '10.000' }, current)).toEqual({});
    expect(spendingChangeOf({ dailyLimit: '80', pauseThreshold: '10' }, current)).toEqual({
      daily_limit: '80',
    });
    expect(spendingChangeOf({ dailyLimit: '', pauseThreshold: '5' }, current)).toEqual({
      daily_limit: null,
      pause_threshold: '5',
    });
    expect(spendingChangeOf({ dailyLimit: '', pauseThreshold: '' }, settings())).toEqual({});
    expect(spendingChangeOf({ dailyLimit: 'lots', pauseThreshold: '' }, current)).toBeUndefined();
  });
});

describe('spending that cares: what it says', () => {
  it('the day so far, with the limit and what is left when there is one', () => {
    expect(spentTodayText(settings({ spent_today: 12.5 }))).toBe('12.5 AC spent today');
    expect(spentTodayText(settings({ spent_today: 12.5, daily_limit: 50, left_today: 37.5 }))).toBe(
      '12.5 AC spent today of 50 AC · 37.5 AC left',
    );
  });

  it('a pending raise or removal, and when it takes effect', () => {
    const at = (iso: string) => `[${iso}]`;
    expect(pendingText({ value: 80, effective_at: '2026-11-30T10:00:00Z' }, at)).toBe(
      'Rises to 80 AC on [2026-11-30T10:00:00Z]',
    );
    expect(pendingText({ value: null, effective_at: 'T' }, at)).toBe('Removed on [T]');
    expect(hasPending(settings())).toBe(false);
    expect(hasPending(settings({ pending_pause_threshold: { value: null, effective_at: 'T' } }))).toBe(true);
  });

  it('the low mood and the cooling-off, only with a pause amount', () => {
    expect(lowMoodText(settings({ low_mood: true }))).toBeNull();
    expect(lowMoodText(settings({ low_mood: true, pause_threshold: 10 }))).toBe(
      'Your last two check-ins were low: spends over 10 AC will ask you to take a breath first.',
    );
    expect(lowMoodText(settings({ pause_threshold: 10 }))).toBeNull();
    expect(coolingOffText(settings({ pause_threshold: 10, cooling_off_until: 'T' }), () => '14:32')).toBe(
      'You chose to wait: spends over 10 AC are paused until 14:32.',
    );
    expect(coolingOffText(settings({ pause_threshold: 10 }), () => '14:32')).toBeNull();
  });

  it('knows the pause by its code', () => {
    const pause = ApiError.fromResponse(409, {
      detail: 'Take a breath — still want to send 25 AC?',
      code: 'pause_required',
    });
    expect(isPauseRequired(pause)).toBe(true);
    expect(isPauseRequired(ApiError.fromResponse(409, { detail: 'x', code: 'cooling_off' }))).toBe(false);
    expect(isPauseRequired(ApiError.fromResponse(409, { detail: 'x' }))).toBe(false);
    expect(isPauseRequired(new Error('x'))).toBe(false);
  });
});
