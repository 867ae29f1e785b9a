// The "⋯" menu of something a member can report (a post, comment, message, story or another member's
// profile): Report opens the Report dialog for it. Never shown on one's own things (the server refuses
// "You cannot report yourself" anyway).
import { useAppDialogs } from '../../../app/dialogs';
import { MoreMenu, type MoreMenuProps } from '../../../ui/MoreMenu';
import { TARGET_NOUNS, type ReportTarget } from '../moderation';

export function ReportMenu({
  target,
  label,
  beforeOpen,
  ...menu
}: Omit<MoreMenuProps, 'items' | 'label'> & {
  target: ReportTarget;
  /** The menu button's accessible name; "More options for <about>" by default. */
  label?: string;
  /** Runs before the dialog opens (the story viewer closes itself: it sits above every dialog). */
  beforeOpen?: () => void;
}) {
  const { openDialog } = useAppDialogs();
  const about = target.about ?? `this ${TARGET_NOUNS[target.targetType]}`;
  return (
    <MoreMenu
      {...menu}
      label={label ?? `More options for ${about}`}
      items={[
        {
          label: 'Report',
          icon: 'flag',
          onSelect: () => {
            beforeOpen?.();
            openDialog('report', { ...target });
          },
        },
      ]}
    />
  );
}
