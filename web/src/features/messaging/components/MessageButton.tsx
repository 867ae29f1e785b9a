// A member profile's Message button (spec 000 §2 "Public profile dialog"): opens the messaging dialog on
// the conversation with that member.
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';

export function MessageButton({ userId }: { userId: string }) {
  const { openDialog } = useAppDialogs();
  return (
    <button type="button" className="btn btn-ghost" onClick={() => openDialog('messages', { userId })}>
      <Icon name="messages" size={18} />
      Message
    </button>
  );
}
