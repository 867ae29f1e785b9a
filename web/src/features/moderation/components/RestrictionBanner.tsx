// A suspended member's banner at the top of the home view (issue 21 §3): until when, what they can no
// longer do, and the moderators' reason. Nothing when there is no restriction.
import { Icon } from '../../../ui/icons';
import { useSignedInUser } from '../../auth';
import { restrictionNotice } from '../moderation';
import styles from './RestrictionBanner.module.css';

export function RestrictionBanner() {
  const { restriction } = useSignedInUser();
  if (!restriction) return null;
  return (
    <p className={styles.banner} role="note" data-testid="restriction-banner">
      <Icon name="shield" size={18} />
      <span>{restrictionNotice(restriction)}</span>
    </p>
  );
}
