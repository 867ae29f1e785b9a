// The own-profile dialog's Upgrade section (spec 000 §2 "Upgrade tab", §6, §9): the Monthly Plan
// (Popular) and the Annual Plan (Best Value, Save $41) side by side with what SuperAura gives; choosing
// one starts a subscription checkout and the browser leaves for it. A member sees "You're Already
// SuperAura!" with the badge (the selector hides this section from members; the server's answer to a
// member's checkout shows it too).
import { useId, useState } from 'react';
import type { User } from '../../../api/types';
import { Spinner } from '../../../ui/Spinner';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { FormError } from '../../wallet';
import { useSuperAuraCheckout } from '../hooks/useSuperAura';
import { ANNUAL_ONLY_BENEFIT, BENEFITS, PLANS, SuperAuraTexts } from '../superaura';
import { SuperAuraMembership } from './SuperAuraMembership';
import styles from './SuperAura.module.css';

export function UpgradeSection({ user }: { user: User }) {
  const [member, setMember] = useState(false);
  const checkout = useSuperAuraCheckout(() => setMember(true));
  const titleId = useId();
  const benefitsId = useId();

  if (user.is_super_aura || member) return <AlreadySuperAura />;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        Upgrade to SuperAura
      </h3>
      <ul className={styles.plans} aria-label="SuperAura plans">
        {PLANS.map((plan) => (
          <li key={plan.id} className={styles.plan} data-plan={plan.id}>
            <span className={styles.mark}>{plan.mark}</span>
            <p className={styles.planName}>{plan.name}</p>
            <p className={styles.price}>
              ${plan.priceUsd}
              <span className={styles.per}>/{plan.per}</span>
            </p>
            {plan.saving ? <p className={styles.saving}>{plan.saving}</p> : null}
            {plan.id === 'annual' ? (
              <p className={styles.muted}>Includes {ANNUAL_ONLY_BENEFIT.toLowerCase()}</p>
            ) : null}
            <button
              type="button"
              className="btn btn-primary"
              disabled={checkout.busy}
              onClick={() => checkout.choose(plan.id)}
              aria-label={`Choose the ${plan.name}: $${plan.priceUsd} per ${plan.per}`}
            >
              {checkout.isStarting(plan.id) ? <Spinner /> : null}
              Choose {plan.id === 'monthly' ? 'Monthly' : 'Annual'}
            </button>
          </li>
        ))}
      </ul>
      <FormError error={checkout.error} />
      <h4 id={benefitsId} className={styles.planName}>
        What SuperAura gives
      </h4>
      <ul className={styles.benefits} aria-labelledby={benefitsId}>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
        <li>{ANNUAL_ONLY_BENEFIT} (annual plan only)</li>
      </ul>
      <p className={styles.muted}>Cancel anytime: SuperAura stays until the end of the period paid for.</p>
    </section>
  );
}

function AlreadySuperAura() {
  return (
    <section className={`card ${styles.member}`} aria-label="SuperAura membership">
      <SuperAuraBadge />
      <p className={styles.title}>{SuperAuraTexts.alreadyMember}</p>
      <p className={styles.muted}>Thank you for being a SuperAura member.</p>
      <SuperAuraMembership />
    </section>
  );
}
