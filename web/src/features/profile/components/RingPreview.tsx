// The ring preview of the settings and the customiser: the member's avatar with the chosen ring colour
// (or the aura-tier ring for the default), on the chosen background style.
import type { User } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { auraLevel } from '../../aura';
import backdrop from '../../../ui/Backdrop.module.css';
import styles from '../../../ui/Wellness.module.css';

export function RingPreview({
  user,
  ringColor,
  background,
  gradient,
  animation,
}: {
  user: User;
  ringColor: string;
  background: string;
  gradient?: string;
  animation?: string;
}) {
  return (
    <figure
      className={`${styles.preview} ${backdrop.backdrop}`}
      data-background={background}
      data-gradient={gradient}
      data-animation={animation}
      aria-label="Ring preview"
    >
      <Avatar
        username={user.username}
        src={user.profile_picture}
        size="xl"
        auraScore={user.aura_score}
        ringColor={ringColor}
        alt="Ring preview"
      />
      <figcaption>
        <strong>{user.display_name}</strong>
        <span>{auraLevel(user.aura_score)}</span>
      </figcaption>
    </figure>
  );
}
