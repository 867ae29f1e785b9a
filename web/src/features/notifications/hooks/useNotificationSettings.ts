// The member's notification settings (GET/PUT /api/notifications/settings): the kinds turned off, the
// daily digest and the wellbeing reminder. A change shows at once and goes back if the save fails.
// Each save sends the whole settings, so saves run one after another (a scope) and only the last one's
// answer is shown: an earlier answer arriving after a later change would otherwise undo it on screen.
// For the same reason a read already on its way (the socket's reconnection or a window focus refetches
// the notifications) is cancelled when a change starts, and the settings are read again once the last
// save is over.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { notificationsApi } from '../api';
import type { NotificationSettingsValue } from '../types';

const SAVE_KEY = ['notification-settings', 'save'];
const SAVE_FAILED = "Couldn't save your notification settings. Please try again.";

export function useNotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => notificationsApi.settings(signal),
  });
  const save = useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: 'notification-settings' },
    mutationFn: (next: NotificationSettingsValue) => notificationsApi.updateSettings(next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notificationSettings });
      const before = queryClient.getQueryData(queryKeys.notificationSettings);
      queryClient.setQueryData(queryKeys.notificationSettings, next);
      return { before };
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1) {
        queryClient.setQueryData(queryKeys.notificationSettings, saved);
      }
    },
    onError: (_error, _next, context) => {
      queryClient.setQueryData(queryKeys.notificationSettings, context?.before);
      showToast(SAVE_FAILED, 'error');
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings });
      }
    },
  });
  /** Saves the settings with `change` applied to the current ones. */
  const update = (change: Partial<NotificationSettingsValue>) => {
    const current = settings.data;
    if (!current) return;
    save.mutate({ ...current, ...change });
  };
  return { settings, update, saving: save.isPending };
}
