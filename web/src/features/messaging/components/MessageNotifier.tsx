// message_notification (spec 000 §7): while the messaging dialog is closed, a new message to the member
// is announced with a notice naming its sender, and what the dialog cached is read again when it opens.
// (With the dialog open, its list and chat update from conversation_updated and new_message.)
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { useAppDialogs } from '../../../app/dialogs';
import { showToast } from '../../../ui/toast';
import { newMessageNotice } from '../messaging';
import { useSocketEvent } from '../realtime/realtime-context';
import type { MessageNotificationEvent } from '../types';

export function MessageNotifier() {
  const { stack } = useAppDialogs();
  const queryClient = useQueryClient();
  useSocketEvent<MessageNotificationEvent>('message_notification', (event) => {
    if (stack.some((entry) => entry.name === 'messages')) return;
    showToast(newMessageNotice(event), 'info');
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversationMessages(event.conversation_id) });
  });
  return null;
}
