// The mobile variant's quick-access grid (spec 000 §2): the header's actions, on narrow screens.
import { useAppDialogs, type DialogName } from '../../../app/dialogs';
import { Icon, type IconName } from '../../../ui/icons';
import { useSignedInUser } from '../../auth';
import { isAdminRole } from '../../../api/roles';
import styles from './QuickAccessGrid.module.css';

const ITEMS: { label: string; icon: IconName; dialog: DialogName }[] = [
  { label: 'Messages', icon: 'messages', dialog: 'messages' },
  { label: 'Genie Shop', icon: 'genie', dialog: 'genie-shop' },
  { label: 'AuraCoin Chart', icon: 'chart', dialog: 'coin-chart' },
  { label: 'Notifications', icon: 'bell', dialog: 'notifications' },
];

export function QuickAccessGrid() {
  const user = useSignedInUser();
  const { openDialog } = useAppDialogs();
  const items = isAdminRole(user.role)
    ? [...ITEMS, { label: 'Admin Panel', icon: 'shield' as const, dialog: 'admin' as const }]
    : ITEMS;
  return (
    <nav className={styles.grid} aria-label="Quick access">
      {items.map((item) => (
        <button
          key={item.dialog}
          type="button"
          className={styles.tile}
          onClick={() => openDialog(item.dialog)}
        >
          <span className={styles.icon}>
            <Icon name={item.icon} size={20} />
          </span>
          <span className={styles.label}>{item.label}</span>
        </button>
      ))}
    </nav>
  );
}
