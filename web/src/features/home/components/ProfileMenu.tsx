// The header's profile avatar and its menu (Your Profile, Sign Out).
import { useId, useRef, useState } from 'react';
import { useAppDialogs } from '../../../app/dialogs';
import { Avatar } from '../../../ui/Avatar';
import { Icon } from '../../../ui/icons';
import { useDismiss } from '../../../ui/useDismiss';
import { useSession, useSignedInUser } from '../../auth';
import styles from './ProfileMenu.module.css';

export function ProfileMenu() {
  const user = useSignedInUser();
  const { signOut, isSigningOut } = useSession();
  const { openDialog } = useAppDialogs();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useDismiss(root, () => setOpen(false), open);

  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => setOpen((value) => !value)}
        aria-label="Open profile menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
      >
        <Avatar username={user.username} src={user.profile_picture} size="sm" auraScore={user.aura_score} />
      </button>
      {open ? (
        <div id={menuId} className={`card ${styles.menu}`}>
          <div className={styles.identity}>
            <p className={styles.name}>{user.display_name}</p>
            <p className={styles.username}>@{user.username}</p>
          </div>
          <button
            type="button"
            className={styles.item}
            onClick={() => {
              setOpen(false);
              openDialog('profile');
            }}
          >
            <Icon name="user" size={18} />
            Your Profile
          </button>
          <button
            type="button"
            className={styles.item}
            onClick={() => void signOut()}
            disabled={isSigningOut}
          >
            <Icon name="logout" size={18} />
            Sign Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
