// The top of a member's profile (spec 000 §2 "Public profile dialog"): the banner (image, looping muted
// video, or the aura gradient with 'No banner image'), the avatar ring (chosen colour or aura tier), the
// profile music, identity and bio, Message / Follow / Send Energy / Mute and a "⋯" menu to report the member
// (hidden on one's own profile and on an erased account's, which says so instead), counts (followers, following, profile visits, joined), and the aura out of
// 1000 with its bar and level.
// The featured genie joins with the genies issue, beside the identity.
import { Avatar } from '../../../ui/Avatar';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { AURA_SCORE_MAX, auraLevel, auraPercent, auraTier } from '../../aura';
import { useSignedInUser } from '../../auth';
import { AppliedAvatar, ProfileDecor } from '../../marketplace';
import { MemberFeaturedGenie } from '../../genies';
import { MessageButton } from '../../messaging';
import { ReportMenu } from '../../moderation';
import { BannerDisplay } from '../../profile';
import { SendEnergyButton } from '../../wallet';
import type { MemberProfile } from '../types';
import { FollowButton } from './FollowButton';
import { MuteButton } from './MuteButton';
import { ProfileAudioPlayer } from './ProfileAudioPlayer';
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
      <BannerDisplay
        url={profile.banner_image}
        auraScore={profile.aura_score}
        label={`${profile.display_name}'s banner`}
      />
      <div className={styles.identityRow}>
        <Avatar
          username={profile.username}
          src={profile.profile_picture}
          size="xl"
          auraScore={profile.aura_score}
          ringColor={profile.profile_ring_color}
          alt={`${profile.display_name}'s profile picture`}
        />
        <AppliedAvatar userId={profile.id} />
        <div className={styles.identity}>
          <h3 className={styles.name}>
            {profile.display_name}
            {profile.is_super_aura ? <SuperAuraBadge /> : null}
          </h3>
          <p className={styles.username}>@{profile.username}</p>
          {profile.bio ? <p className={styles.bio}>{profile.bio}</p> : null}
        </div>
        {isOwn ? null : profile.is_deleted ? (
          <p className={styles.erased}>This account was deleted.</p>
        ) : (
          <div className={styles.actions}>
            <MessageButton userId={profile.id} />
            <FollowButton profile={profile} />
            <SendEnergyButton member={profile} />
            <MuteButton profile={profile} />
            <ReportMenu
              target={{ targetType: 'member', targetId: profile.id, about: `@${profile.username}` }}
              label={`More options for @${profile.username}`}
              variant="ghost"
            />
          </div>
        )}
      </div>

      <MemberFeaturedGenie userId={profile.id} />

      <ProfileAudioPlayer
        link={profile.profile_audio_youtube_link}
        isSuperAura={profile.is_super_aura}
        owner={profile.display_name}
      />

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
      <ProfileDecor userId={profile.id} />
    </header>
  );
}
