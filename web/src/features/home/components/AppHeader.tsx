// Spec 000 §2 "Main home view" header: search, wallet balance in AC (one decimal), messages, genie shop,
// coin chart, notifications, admin button (admin roles only), profile avatar and menu.
import { useState, type FormEvent } from 'react';
import { useAppDialogs, type DialogName } from '../../../app/dialogs';
import { Icon, type IconName } from '../../../ui/icons';
import { formatAC } from '../../../ui/format';
import { useSignedInUser } from '../../auth';
import { isAdminRole } from '../../../api/roles';
import { AuraMark } from '../../landing';
import { MessageNotifier } from '../../messaging';
import { NotificationBadge } from '../../notifications';
import { useLiveWallet, useWallet } from '../../wallet';
import { ProfileMenu } from './ProfileMenu';
import styles from './AppHeader.module.css';

const HEADER_ACTIONS: { dialog: DialogName; label: string; icon: IconName }[] = [
  { dialog: 'messages', label: 'Messages', icon: 'messages' },
  { dialog: 'genie-shop', label: 'Genie Shop', icon: 'genie' },
  { dialog: 'coin-chart', label: 'AuraCoin Chart', icon: 'chart' },
  { dialog: 'notifications', label: 'Notifications', icon: 'bell' },
];

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const user = useSignedInUser();
  const { openDialog } = useAppDialogs();
  const { wallet } = useWallet();
  useLiveWallet();
  const [query, setQuery] = useState('');

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    // Spec 000 §5: search runs only on non-empty text.
    if (text) openDialog('explore', { query: text });
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.start}>
          <button type="button" className="icon-btn" onClick={onOpenMenu} aria-label="Open menu">
            <Icon name="menu" />
          </button>
          <span className={styles.brand}>
            <AuraMark size={30} />
            <span className={styles.brandWord}>Aura</span>
          </span>
        </div>

        <form className={styles.search} role="search" onSubmit={onSearch}>
          <Icon name="search" size={18} className={styles.searchIcon} />
          <label className="sr-only" htmlFor="header-search">
            Search
          </label>
          <input
            id="header-search"
            type="search"
            className={styles.searchInput}
            placeholder="Search members, posts and tags"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>

        <div className={styles.end}>
          <button
            type="button"
            className={`icon-btn ${styles.mobileOnly}`}
            onClick={() => openDialog('explore')}
            aria-label="Search"
          >
            <Icon name="search" />
          </button>
          <button
            type="button"
            className={styles.balance}
            onClick={() => openDialog('wallet')}
            aria-label={wallet ? `Wallet balance ${formatAC(wallet.aura_coin_balance, 1)}` : 'Wallet balance'}
          >
            <span className={styles.coin} aria-hidden="true">
              ◎
            </span>
            {wallet ? formatAC(wallet.aura_coin_balance, 1) : '— AC'}
          </button>
          <nav className={styles.actions} aria-label="Quick actions">
            {HEADER_ACTIONS.map((action) => (
              <button
                key={action.dialog}
                type="button"
                className="icon-btn"
                onClick={() => openDialog(action.dialog)}
                aria-label={action.label}
                title={action.label}
              >
                <Icon name={action.icon} />
                {action.dialog === 'notifications' ? <NotificationBadge /> : null}
              </button>
            ))}
            {isAdminRole(user.role) ? (
              <button
                type="button"
                className={`btn btn-ghost ${styles.admin}`}
                onClick={() => openDialog('admin')}
                aria-label="Admin Panel"
                title="Admin Panel"
              >
                <Icon name="shield" size={18} />
                Admin
              </button>
            ) : null}
          </nav>
          <ProfileMenu />
          <MessageNotifier />
        </div>
      </div>
    </header>
  );
}
