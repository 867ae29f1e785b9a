// A post's or comment's author: avatar with the aura ring, display name, SuperAura badge, @username.
// Opens the member profile dialog.
import { Avatar, type AvatarSize } from '../../../ui/Avatar';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { useOpenMember } from '../../members';
import { authorName } from '../author';
import type { PostAuthor } from '../types';
import styles from './AuthorButton.module.css';

export function AuthorButton({ user, size = 'md' }: { user: PostAuthor; size?: AvatarSize }) {
  const openMember = useOpenMember();
  const name = authorName(user);
  return (
    <button
      type="button"
      className={styles.author}
      onClick={() => openMember(user.id)}
      aria-label={`${name}${user.username ? ` @${user.username}` : ''}, view profile`}
    >
      <Avatar username={user.username} src={user.profile_picture} size={size} auraScore={user.aura_score} />
      <span className={styles.names}>
        <span className={styles.name}>
          <span className={styles.display}>{name}</span>
          {user.is_super_aura ? <SuperAuraBadge compact={size === 'sm'} /> : null}
        </span>
        {user.username ? <span className={styles.username}>@{user.username}</span> : null}
      </span>
    </button>
  );
}
