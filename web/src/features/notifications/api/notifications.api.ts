// Notification calls (spec 000 §7 "Notifications and support"). Pure module: the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../posts/api/request';
import { NOTIFICATIONS_PAGE } from '../notifications';

export function createNotificationsApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/notifications', { params: { query: { limit: NOTIFICATIONS_PAGE } }, signal }),
        ),
      ),
    stats: (signal?: AbortSignal) => api.call((c) => c.GET('/api/notifications/stats', { signal })),
    markRead: (id: string) =>
      api.call((c) => c.PUT('/api/notifications/{id}/read', { params: { path: { id } } })),
    markAllRead: () => api.call((c) => c.PUT('/api/notifications/mark-all-read')),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
