// A member profile's Send Energy (tip) button (spec 000 §2 "Public profile dialog"): opens the Send
// Energy dialog for that member.
import { useAppDialogs } from '../../../app/dialogs';
import { Icon } from '../../../ui/icons';

export function SendEnergyButton({
  member,
}: {
  member: { id: string; username: string; display_name: string; profile_picture?: string | null };
}) {
  const { openDialog } = useAppDialogs();
  return (
    <button
      type="button"
      className="btn btn-ghost"
      onClick={() =>
        openDialog('send-energy', {
          userId: member.id,
          username: member.username,
          displayName: member.display_name,
          profilePicture: member.profile_picture ?? '',
        })
      }
    >
      <Icon name="sparkle" size={18} />
      Send Energy
    </button>
  );
}
