// The aura energy bar (spec 000 §2): aura score out of 1000 and its level name. A member who signed up
// in the last 24 hours is greeted "Welcome", everyone else "Welcome back".
import { Avatar } from '../../../ui/Avatar';
import { AURA_SCORE_MAX, auraLevel, auraPercent, auraTier } from '../../aura';
import { useSignedInUser } from '../../auth';
import { greetingFor } from '../../onboarding';
import styles from './AuraEnergyBar.module.css';

export function AuraEnergyBar() {
  const user = useSignedInUser();
  const score = user.aura_score;
  const level = auraLevel(score);
  return (
    <section className={`card ${styles.card}`} aria-label="Aura energy">
      <div className={styles.top}>
        <Avatar username={user.username} src={user.profile_picture} size="lg" auraScore={score} />
        <div className={styles.identity}>
          <p className={styles.greeting}>
            {greetingFor(user.created_at)}, <strong>{user.display_name}</strong>
          </p>
          <p className={styles.username}>@{user.username}</p>
        </div>
        <div className={styles.score}>
          <span className={styles.level} data-tier={auraTier(score)}>
            {level}
          </span>
          <span className={styles.points}>
            <strong>{score}</strong> / {AURA_SCORE_MAX}
          </span>
        </div>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Aura energy"
        aria-valuemin={0}
        aria-valuemax={AURA_SCORE_MAX}
        aria-valuenow={score}
        aria-valuetext={`${score} of ${AURA_SCORE_MAX}, ${level}`}
      >
        <span className={styles.fill} style={{ width: `${auraPercent(score)}%` }} />
      </div>
    </section>
  );
}
