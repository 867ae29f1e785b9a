// Follow / Following (spec 000 §2, §4, §8).
import { Spinner } from '../../../ui/Spinner';
import { useFollowMember } from '../hooks/useFollowMember';
import type { MemberProfile } from '../types';
import styles from './MemberProfileDialog.module.css';

export function FollowButton({ profile }: { profile: MemberProfile }) {
  const { setFollowing, isPending, errorMessage } = useFollowMember(profile.id);
  const following = profile.is_following;
  return (
    <div className={styles.follow}>
      <button
        type="button"
        className={`btn ${following ? 'btn-ghost' : 'btn-primary'}`}
        onClick={() => setFollowing(!following)}
        disabled={isPending}
        aria-pressed={following}
        aria-busy={isPending || undefined}
      >
        {isPending ? <Spinner /> : null}
        {following ? 'Following' : 'Follow'}
      </button>
      {errorMessage ? (
        <p className={styles.error} role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
