// Bottom navigation (spec 000 §2, 001 §2): Home (sets the Aura Feed tab; highlighted while one of the four
// feed tabs is shown), Explore, Create, Marketplace, Profile.
import { useAppDialogs, type DialogName } from '../../../app/dialogs';
import { Icon, type IconName } from '../../../ui/icons';
import { isFeedTab } from '../../feed';
import styles from './BottomNav.module.css';

const DIALOG_ITEMS: { label: string; icon: IconName; dialog: DialogName; primary?: boolean }[] = [
  { label: 'Explore', icon: 'compass', dialog: 'explore' },
  { label: 'Create', icon: 'plus', dialog: 'create', primary: true },
  { label: 'Marketplace', icon: 'store', dialog: 'marketplace' },
  { label: 'Profile', icon: 'user', dialog: 'profile' },
];

export function BottomNav({ activeView, onHome }: { activeView: string; onHome: () => void }) {
  const { openDialog } = useAppDialogs();
  const homeActive = isFeedTab(activeView);
  return (
    <nav className={styles.nav} aria-label="Main">
      <div className={styles.inner}>
        <button
          type="button"
          className={styles.item}
          onClick={onHome}
          aria-current={homeActive ? 'page' : undefined}
        >
          <span className={styles.icon}>
            <Icon name="home" size={22} />
          </span>
          <span>Home</span>
        </button>
        {DIALOG_ITEMS.map((item) => (
          <button
            key={item.label}
            type="button"
            className={`${styles.item} ${item.primary ? styles.primary : ''}`}
            onClick={() => openDialog(item.dialog, item.dialog === 'create' ? { mode: 'post' } : undefined)}
          >
            <span className={item.primary ? `${styles.icon} ${styles.primaryIcon}` : styles.icon}>
              <Icon name={item.icon} size={22} />
            </span>
            <span>{item.label}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
