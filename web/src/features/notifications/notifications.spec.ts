import {
  addNotification,
  badgeText,
  filterNotifications,
  groupNotifications,
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

describe('groupNotifications (issue 23)', () => {
  const actor = (id: string, display_name: string) => ({
    id,
    username: id,
    display_name,
    profile_picture: '',
    aura_score: 100,
  });
  const note = (
    id: string,
    type: Notification['type'],
    from: string | null,
    postId?: string,
    extra: Partial<Notification> = {},
  ): Notification => ({
    id,
    type,
    title: 'New',
    message: `${from} did ${type}`,
    is_read: false,
    created_at: '2026-11-29T06:00:00.000Z',
    from_user: from ? actor(from, from.toUpperCase()) : null,
    metadata: postId ? { post_id: postId } : {},
    ...extra,
  });

  it('groups likes of one post as "Nova and 2 others liked your post", at the newest one’s place', () => {
    const list = [
      note('1', 'like', 'nova', 'p1'),
      note('2', 'tip', 'sol'),
      note('3', 'like', 'luna', 'p1'),
      note('4', 'like', 'sol', 'p1', { is_read: true }),
      note('5', 'like', 'luna', 'p2'),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['1', '3', '4'], ['2'], ['5']]);
    expect(groups[0]).toMatchObject({ message: 'NOVA and 2 others liked your post', isRead: false });
    expect(groups[2]!.message).toBe('luna did like');
  });

  it('counts each member once, groups follows, and sums the coins', () => {
    const groups = groupNotifications([
      note('1', 'comment', 'nova', 'p1', { metadata: { post_id: 'p1', aura_coins_earned: 0.02 } }),
      note('2', 'comment', 'nova', 'p1', { metadata: { post_id: 'p1', aura_coins_earned: 0.02 } }),
      note('3', 'follow', 'sol'),
      note('4', 'follow', 'luna', undefined, { is_read: true }),
    ]);
    expect(groups[0]).toMatchObject({ message: 'nova did comment', coins: 0.04 });
    expect(groups[1]).toMatchObject({ message: 'SOL and 1 other started following you', isRead: false });
  });

  it('never groups system notifications or mentions', () => {
    const groups = groupNotifications([
      note('1', 'system', null),
      note('2', 'system', null),
      note('3', 'mention', 'a', 'p1'),
      note('4', 'mention', 'b', 'p1'),
    ]);
    expect(groups).toHaveLength(4);
  });
});
