// The side menu (spec 000 §2 "Side menu"): entries Your Profile, Explore, Messages, Genie Shop,
// AuraCoin Chart, Wallet & Payments, Notifications, Help Center, Admin Panel (admin roles only), Sign Out;
// the balance in AC (three decimals) with a USD equivalent.
import { useEffect, useId, useRef } from 'react';
import { useAppDialogs, type DialogName } from '../../../app/dialogs';
import { Avatar } from '../../../ui/Avatar';
import { formatAC, formatUSD } from '../../../ui/format';
import { Icon, type IconName } from '../../../ui/icons';
import { useSession, useSignedInUser } from '../../auth';
import { adminPanelDescription, isAdminRole } from '../../../api/roles';
import { useWallet } from '../../wallet';
import styles from './SideMenu.module.css';

const ENTRIES: { label: string; icon: IconName; dialog: DialogName }[] = [
  { label: 'Your Profile', icon: 'user', dialog: 'profile' },
  { label: 'Explore', icon: 'compass', dialog: 'explore' },
  { label: 'Messages', icon: 'messages', dialog: 'messages' },
  { label: 'Genie Shop', icon: 'genie', dialog: 'genie-shop' },
  { label: 'AuraCoin Chart', icon: 'chart', dialog: 'coin-chart' },
  { label: 'Wallet & Payments', icon: 'wallet', dialog: 'wallet' },
  { label: 'Notifications', icon: 'bell', dialog: 'notifications' },
  { label: 'Help Center', icon: 'help', dialog: 'help' },
];

export function SideMenu({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const { signOut, isSigningOut } = useSession();
  const { openDialog } = useAppDialogs();
  const { wallet } = useWallet();
  const panel = useRef<HTMLElement>(null);
  const titleId = useId();
  const adminDescriptionId = useId();

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus?.();
    };
  }, [onClose]);

  const open = (dialog: DialogName) => {
    onClose();
    openDialog(dialog);
  };

  return (
    // A press on the backdrop is the mouse's way to close; the keyboard has Escape and the Close button.
    <div
      role="presentation"
      className={styles.backdrop}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <aside
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 id={titleId} className="sr-only">
            Menu
          </h2>
          <Avatar username={user.username} src={user.profile_picture} size="lg" auraScore={user.aura_score} />
          <div className={styles.identity}>
            <p className={styles.name}>{user.display_name}</p>
            <p className={styles.username}>@{user.username}</p>
          </div>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </header>

        <section className={styles.balance} aria-label="AuraCoin balance">
          <p className={styles.balanceLabel}>AuraCoin Balance</p>
          <p className={styles.balanceValue}>{wallet ? formatAC(wallet.aura_coin_balance, 3) : '— AC'}</p>
          <p className={styles.balanceUsd}>≈ {wallet ? formatUSD(wallet.usd_equivalent) : '$—'} USD</p>
        </section>

        <nav className={styles.entries} aria-label="Menu">
          {ENTRIES.map((entry) => (
            <button
              key={entry.dialog}
              type="button"
              className={styles.entry}
              onClick={() => open(entry.dialog)}
            >
              <Icon name={entry.icon} size={20} />
              <span>{entry.label}</span>
            </button>
          ))}
          {isAdminRole(user.role) ? (
            <button
              type="button"
              className={`${styles.entry} ${styles.adminEntry}`}
              onClick={() => open('admin')}
              aria-describedby={adminDescriptionId}
            >
              <Icon name="shield" size={20} />
              <span className={styles.entryText}>
                <span>Admin Panel</span>
                <span id={adminDescriptionId} className={styles.description}>
                  {adminPanelDescription(user.role)}
                </span>
              </span>
            </button>
          ) : null}
        </nav>

        <footer className={styles.footer}>
          <button
            type="button"
            className={`${styles.entry} ${styles.signOut}`}
            onClick={() => void signOut()}
            disabled={isSigningOut}
          >
            <Icon name="logout" size={20} />
            <span>Sign Out</span>
          </button>
        </footer>
      </aside>
    </div>
  );
}
