import {
  addNotification,
  badgeText,
  filterNotifications,
  markNotificationsRead,
  NOTIFICATION_TABS,
  NOTIFICATIONS_PAGE,
  notificationTarget,
} from './notifications';
import type { Notification } from './types';

const make = (
  id: string,
  type: Notification['type'],
  overrides: Partial<Notification> = {},
): Notification => ({
  id,
  type,
  title: type,
  message: `${type} happened`,
  is_read: false,
  created_at: '2026-03-01T10:00:00.000Z',
  from_user: null,
  metadata: {},
  ...overrides,
});

describe('notifications center (spec 000 §2, §3, §4, §9)', () => {
  const like = make('1', 'like', { metadata: { aura_coins_earned: 0.01 } });
  const follow = make('2', 'follow', { is_read: true });
  const tip = make('3', 'tip');
  const system = make('4', 'system');
  const list = [like, follow, tip, system];

  it('has the tabs All, Unread, Social, Earnings and pages of 20', () => {
    expect(NOTIFICATION_TABS.map((tab) => tab.label)).toEqual(['All', 'Unread', 'Social', 'Earnings']);
    expect(NOTIFICATIONS_PAGE).toBe(20);
  });

  it('filters by tab', () => {
    const ids = (tab: Parameters<typeof filterNotifications>[1]) =>
      filterNotifications(list, tab).map((n) => n.id);
    expect(ids('all')).toEqual(['1', '2', '3', '4']);
    expect(ids('unread')).toEqual(['1', '3', '4']);
    expect(ids('social')).toEqual(['1', '2']);
    // Earnings: tips, genie earnings, withdrawals, and whatever earned AC.
    expect(ids('earnings')).toEqual(['1', '3']);
  });

  it('marks one or all read', () => {
    expect(markNotificationsRead(list, '3').map((n) => n.is_read)).toEqual([false, true, true, false]);
    expect(markNotificationsRead(list, null).every((n) => n.is_read)).toBe(true);
  });

  it('puts a pushed notification on top once', () => {
    const pushed = make('9', 'comment');
    expect(addNotification(list, pushed).map((n) => n.id)).toEqual(['9', '1', '2', '3', '4']);
    expect(addNotification(addNotification(list, pushed), pushed)).toHaveLength(5);
  });

  it('shows the badge only with unread ones', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });

  it('opens Settings → Privacy from a ready data export, and the member from their notifications', () => {
    const ready = make('5', 'system', {
      title: 'Your data export is ready',
      metadata: { data_export_id: 'e1' } as Notification['metadata'],
    });
    expect(notificationTarget(ready)).toEqual({ kind: 'settings', focus: 'privacy' });
    const from = {
      id: 'u1',
      username: 'luna',
      display_name: 'Luna',
      profile_picture: '',
      aura_score: 10,
    };
    expect(notificationTarget(make('6', 'follow', { from_user: from }))).toEqual({
      kind: 'member',
      userId: 'u1',
    });
    expect(notificationTarget(system)).toBeNull();
    expect(notificationTarget(make('7', 'system', { metadata: { post_id: 'p' } }))).toBeNull();
  });
});
