// The top of a member's profile: identity, bio, counts, aura, and the follow button.
import { Avatar } from '../../../ui/Avatar';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { AURA_SCORE_MAX, auraLevel, auraPercent, auraTier } from '../../aura/aura-level';
import { useSignedInUser } from '../../auth/hooks';
import { MemberFeaturedGenie } from '../../genies/components/MemberFeaturedGenie';
import { MessageButton } from '../../messaging/components/MessageButton';
import { SendEnergyButton } from '../../wallet/components/SendEnergyButton';
import type { MemberProfile } from '../types';
import { FollowButton } from './FollowButton';
import styles from './MemberProfileDialog.module.css';

const joinedText = (iso?: string) => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time)
    ? new Date(time).toLocaleDateString('en-GB', { month: 'short', year: 'numeric' })
    : null;
};

export function MemberHeader({ profile }: { profile: MemberProfile }) {
  const me = useSignedInUser();
  const isOwn = me.id === profile.id;
  const level = auraLevel(profile.aura_score);
  const joined = joinedText(profile.created_at);

  return (
    <header className={styles.header}>
      <div className={styles.identityRow}>
        <Avatar
          username={profile.username}
          src={profile.profile_picture}
          size="xl"
          auraScore={profile.aura_score}
        />
        <div className={styles.identity}>
          <h3 className={styles.name}>
            {profile.display_name}
            {profile.is_super_aura ? <SuperAuraBadge /> : null}
          </h3>
          <p className={styles.username}>@{profile.username}</p>
          {profile.bio ? <p className={styles.bio}>{profile.bio}</p> : null}
        </div>
        {isOwn ? null : <MessageButton userId={profile.id} />}
        {isOwn ? null : <FollowButton profile={profile} />}
        {isOwn ? null : <SendEnergyButton member={profile} />}
      </div>

      <MemberFeaturedGenie userId={profile.id} />

      <dl className={styles.counts}>
        <div>
          <dt>Followers</dt>
          <dd>{profile.followers_count}</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd>{profile.following_count}</dd>
        </div>
        {profile.profile_visits_count !== undefined ? (
          <div>
            <dt>Profile visits</dt>
            <dd>{profile.profile_visits_count}</dd>
          </div>
        ) : null}
        {joined ? (
          <div>
            <dt>Joined</dt>
            <dd>{joined}</dd>
          </div>
        ) : null}
      </dl>

      <div className={styles.aura}>
        <div className={styles.auraTop}>
          <span className={styles.level} data-tier={auraTier(profile.aura_score)}>
            {level}
          </span>
          <span className={styles.score}>
            <strong>{profile.aura_score}</strong> / {AURA_SCORE_MAX}
          </span>
        </div>
        <div
          className={styles.track}
          role="progressbar"
          aria-label="Aura score"
          aria-valuemin={0}
          aria-valuemax={AURA_SCORE_MAX}
          aria-valuenow={profile.aura_score}
          aria-valuetext={`${profile.aura_score} of ${AURA_SCORE_MAX}, ${level}`}
        >
          <span className={styles.fill} style={{ width: `${auraPercent(profile.aura_score)}%` }} />
        </div>
      </div>
    </header>
  );
}
