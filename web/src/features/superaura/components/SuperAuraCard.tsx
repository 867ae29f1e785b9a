// The Settings section's SuperAura card (spec 000 §2 "A SuperAura promo card shows to non-members"):
// non-members are invited to the Upgrade section; members see their badge and subscription.
import type { User } from '../../../api/types';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { SuperAuraMembership } from './SuperAuraMembership';
import styles from './SuperAura.module.css';

export function SuperAuraCard({ user, onUpgrade }: { user: User; onUpgrade: () => void }) {
  if (user.is_super_aura)
    return (
      <section className={`card ${styles.membership}`} aria-label="SuperAura membership">
        <div className={styles.row}>
          <p className={styles.planName}>Your SuperAura membership</p>
          <SuperAuraBadge />
        </div>
        <SuperAuraMembership />
      </section>
    );
  return (
    <section className={`card ${styles.membership}`} aria-label="SuperAura">
      <p className={styles.planName}>Go SuperAura</p>
      <p className={styles.muted}>
        50% higher earning rates, full aura customisation, profile music and the SuperAura badge.
      </p>
      <div className={styles.row}>
        <span className={styles.muted}>From $45 a month</span>
        <button type="button" className="btn btn-primary" onClick={onUpgrade}>
          See the plans
        </button>
      </div>
    </section>
  );
}
