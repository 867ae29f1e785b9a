// The own-profile dialog's header: banner, avatar with its ring (the chosen colour, else the aura tier),
// display name (with the SuperAura badge for members), username, the aura level, and the button opening
// the profile customiser (ring and background).
import { useState } from 'react';
import type { User } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { auraLevel } from '../../aura';
import { AppliedAvatar, ProfileDecor } from '../../marketplace';
import { BannerDisplay } from './BannerDisplay';
import { ProfileCustomiser } from './ProfileCustomiser';
import backdrop from '../../../ui/Backdrop.module.css';
import styles from './ProfileHeader.module.css';

export function ProfileHeader({ user }: { user: User }) {
  const [customising, setCustomising] = useState(false);
  return (
    <section
      className={`${styles.header} ${backdrop.backdrop}`}
      aria-label="Profile header"
      data-background={user.profile_background || undefined}
    >
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
            ringColor={user.profile_ring_color}
            alt={`${user.display_name}'s profile picture`}
          />
          <AppliedAvatar userId={user.id} />
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
        <button type="button" className="btn btn-ghost" onClick={() => setCustomising(true)}>
          Customize
        </button>
      </div>
      <ProfileDecor userId={user.id} />
      {customising ? <ProfileCustomiser user={user} onClose={() => setCustomising(false)} /> : null}
    </section>
  );
}
