// The member's notification settings (GET/PUT /api/notifications/settings): the kinds turned off, the
// daily digest and the wellbeing reminder. A change shows at once and goes back if the save fails.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { notificationsApi } from '../api';
import type { NotificationSettingsValue } from '../types';

const SAVE_FAILED = "Couldn't save your notification settings. Please try again.";

export function useNotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => notificationsApi.settings(signal),
  });
  const save = useMutation({
    mutationFn: (next: NotificationSettingsValue) => notificationsApi.updateSettings(next),
    onMutate: (next) => {
      const before = queryClient.getQueryData(queryKeys.notificationSettings);
      queryClient.setQueryData(queryKeys.notificationSettings, next);
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationSettings, saved),
    onError: (_error, _next, context) => {
      queryClient.setQueryData(queryKeys.notificationSettings, context?.before);
      showToast(SAVE_FAILED, 'error');
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
