// The member's notification settings (GET/PUT /api/notifications/settings): the kinds turned off, the
// daily digest and the wellbeing reminder. A change shows at once and goes back if the save fails.
// What shows is the settings of the save on its way, else the server's (TanStack's optimistic update
// "via the UI"): a read answering during a save — the socket's first connection or a reconnection
// refetches the notifications — cannot undo the change on screen, and a failed save simply goes away.
// Each save sends the whole settings, so saves run one after another (a scope), the last one's answer
// is kept, and the settings are read again once the last save is over.
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const isLastSave = () => queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1;
  const save = useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: 'notification-settings' },
    mutationFn: (next: NotificationSettingsValue) => notificationsApi.updateSettings(next),
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.notificationSettings }),
    onSuccess: (saved) => {
      if (isLastSave()) queryClient.setQueryData(queryKeys.notificationSettings, saved);
    },
    onError: () => showToast(SAVE_FAILED, 'error'),
    onSettled: () => {
      if (isLastSave()) void queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings });
    },
  });
  const saving = useMutationState({
    filters: { mutationKey: SAVE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as NotificationSettingsValue,
  });
  /** The settings as the member sees them: the latest save on its way, else the server's. */
  const value = saving.at(-1) ?? settings.data;
  /** Saves the settings with `change` applied to the ones shown. */
  const update = (change: Partial<NotificationSettingsValue>) => {
    if (value) save.mutate({ ...value, ...change });
  };
  return { settings, value, update, saving: saving.length > 0 };
}
