// The notification center's data: the latest 20 (GET /api/notifications?limit=20), the unread count
// (GET /api/notifications/stats), marking read singly or all, and new_notification pushed live.
// Read failures are only logged (spec 000 §8): the list reads as empty, the badge as 0.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { loggedRead } from '../../../api/logged-read';
import { useSocketConnected, useSocketEvent } from '../../messaging';
import { notificationsApi } from '../api';
import { addNotification, markNotificationsRead } from '../notifications';
import type { Notification, NotificationStats } from '../types';

export function useNotificationList() {
  return useQuery({
    queryKey: queryKeys.notificationList,
    queryFn: loggedRead('notifications', notificationsApi.list),
    staleTime: 10_000,
  });
}

export function useNotificationStats() {
  return useQuery({
    queryKey: queryKeys.notificationStats,
    queryFn: loggedRead('notification stats', notificationsApi.stats),
  });
}

/** Keeps the list and the unread count current from the socket (mounted with the header badge). */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('new_notification', (notification) => {
    const list = queryClient.getQueryData<Notification[]>(queryKeys.notificationList);
    const known = list?.some((item) => item.id === notification.id) ?? false;
    if (list) queryClient.setQueryData(queryKeys.notificationList, addNotification(list, notification));
    if (!known && !notification.is_read)
      queryClient.setQueryData<NotificationStats>(queryKeys.notificationStats, (stats) =>
        stats ? { unread_count: stats.unread_count + 1 } : stats,
      );
    // The server's count is the truth: read it again shortly after (a pushed one may already be read).
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationStats });
  });
  // Nothing missed while the socket was down is replayed: read again on every (re)connection.
  useSocketConnected(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationList });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationStats });
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    /** `null` marks them all read. */
    mutationFn: (id: string | null) =>
      id === null ? notificationsApi.markAllRead() : notificationsApi.markRead(id),
    onMutate: (id) => {
      const before = {
        list: queryClient.getQueryData<Notification[]>(queryKeys.notificationList),
        stats: queryClient.getQueryData<NotificationStats>(queryKeys.notificationStats),
      };
      if (before.list) {
        const next = markNotificationsRead(before.list, id);
        queryClient.setQueryData(queryKeys.notificationList, next);
        const dropped =
          before.list.filter((item) => !item.is_read).length - next.filter((item) => !item.is_read).length;
        if (before.stats)
          queryClient.setQueryData<NotificationStats>(queryKeys.notificationStats, {
            unread_count: id === null ? 0 : Math.max(0, before.stats.unread_count - dropped),
          });
      }
      return before;
    },
    onSuccess: (stats) => queryClient.setQueryData(queryKeys.notificationStats, stats),
    onError: (error, _id, before) => {
      console.warn('notifications: marking read failed', error);
      if (before?.list) queryClient.setQueryData(queryKeys.notificationList, before.list);
      if (before?.stats) queryClient.setQueryData(queryKeys.notificationStats, before.stats);
    },
  });
  return {
    markRead: (id: string) => mutation.mutate(id),
    markAllRead: () => mutation.mutate(null),
    isPending: mutation.isPending,
  };
}
