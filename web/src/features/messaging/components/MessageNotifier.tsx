// message_notification (spec 000 §7): while the messaging dialog is closed, a new message to the member
// is announced with a notice naming its sender. (With the dialog open, the list shows it.)
import { useAppDialogs } from '../../../app/dialogs';
import { showToast } from '../../../ui/toast';
import { newMessageNotice } from '../messaging';
import { useSocketEvent } from '../realtime/realtime-context';
import type { MessageNotificationEvent } from '../types';

export function MessageNotifier() {
  const { open } = useAppDialogs();
  useSocketEvent<MessageNotificationEvent>('message_notification', (event) => {
    if (open?.name !== 'messages') showToast(newMessageNotice(event), 'info');
  });
  return null;
}
