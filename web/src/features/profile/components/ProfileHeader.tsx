// The own-profile dialog's header: banner, avatar with its aura ring, display name (with the SuperAura
// badge for members) and username.
import type { User } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { auraLevel } from '../../aura/aura-level';
import { BannerDisplay } from './BannerDisplay';
import styles from './ProfileHeader.module.css';

export function ProfileHeader({ user }: { user: User }) {
  return (
    <section className={styles.header} aria-label="Profile header">
      <BannerDisplay
        url={user.banner_image}
        auraScore={user.aura_score}
        label={`${user.display_name}'s banner`}
      />
      <div className={styles.identity}>
        <span className={styles.avatar}>
          <Avatar
            username={user.username}
            src={user.profile_picture}
            size="xl"
            auraScore={user.aura_score}
            alt={`${user.display_name}'s profile picture`}
          />
        </span>
        <div className={styles.names}>
          <h3 className={styles.displayName}>
            {user.display_name} {user.is_super_aura ? <SuperAuraBadge /> : null}
          </h3>
          <p className={styles.username}>@{user.username}</p>
        </div>
        <p className={styles.level}>
          <span className="gradient-text">{auraLevel(user.aura_score)}</span>
          <span className={styles.score}>{user.aura_score} / 1000</span>
        </p>
      </div>
    </section>
  );
}
