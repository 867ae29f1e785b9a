// Notification calls (spec 000 §7 "Notifications and support"). Pure module: the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';
import { NOTIFICATIONS_PAGE } from '../notifications';
import type { NotificationSettingsValue } from '../types';

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
    /** GET /api/notifications/settings: the types turned off, and the daily digest. */
    settings: (signal?: AbortSignal) => api.call((c) => c.GET('/api/notifications/settings', { signal })),
    /** PUT /api/notifications/settings {muted_types, daily_digest}: replaces them. */
    updateSettings: (settings: NotificationSettingsValue) =>
      api.call((c) => c.PUT('/api/notifications/settings', { body: settings })),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
