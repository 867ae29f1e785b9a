// Members to follow (first run and the wide home view's right column), from explore's rankings.
import { Avatar } from '../../../ui/Avatar';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { useOpenMember } from '../../members';
import { useSuggestedMembers, useSuggestionFollow } from '../hooks/useOnboarding';
import styles from './Onboarding.module.css';

interface Suggested {
  id: string;
  username: string;
  display_name: string;
  profile_picture: string;
  aura_score: number;
}

export function SuggestedMembers({ headingLevel = 3 }: { headingLevel?: 2 | 3 | 4 }) {
  const { members, isLoading } = useSuggestedMembers();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.suggestions} aria-label="Members to follow">
      <Heading className={styles.suggestionsTitle}>Members to follow</Heading>
      {isLoading ? (
        <div className={styles.suggestionList} role="status" aria-label="Loading members to follow">
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton width={36} height={36} round />
              <Skeleton width="55%" height={12} />
            </div>
          ))}
        </div>
      ) : members.length === 0 ? (
        <p className={styles.muted}>No suggestions yet. Explore finds people by name and #tag.</p>
      ) : (
        <ul className={styles.suggestionList}>
          {members.map((member) => (
            <SuggestionRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SuggestionRow({ member }: { member: Suggested }) {
  const openMember = useOpenMember();
  const { following, isPending, failed, toggle } = useSuggestionFollow(member.id);
  return (
    <li className={styles.suggestion}>
      <button
        type="button"
        className={styles.person}
        onClick={() => openMember(member.id)}
        aria-label={`${member.display_name} @${member.username}, view profile`}
      >
        <Avatar
          username={member.username}
          src={member.profile_picture}
          size="sm"
          auraScore={member.aura_score}
        />
        <span className={styles.personText}>
          <span className={styles.personName}>{member.display_name}</span>
          <span className={styles.muted}>@{member.username}</span>
        </span>
      </button>
      <button
        type="button"
        className={`btn ${following ? 'btn-ghost' : 'btn-primary'} ${styles.followBtn}`}
        onClick={toggle}
        disabled={isPending}
        aria-pressed={following}
        aria-label={`${following ? 'Following' : 'Follow'} ${member.display_name}`}
      >
        {isPending ? <Spinner /> : null}
        {following ? 'Following' : 'Follow'}
      </button>
      {failed ? (
        <p className={styles.error} role="alert">
          Failed to update follow status. Please try again.
        </p>
      ) : null}
    </li>
  );
}
