// The SuperAura member badge (spec 000 §6), beside a member's name.
import styles from './SuperAuraBadge.module.css';

export function SuperAuraBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span className={styles.badge} title="SuperAura member" role="img" aria-label="SuperAura member">
      <span aria-hidden="true">✦</span>
      {compact ? null : <span aria-hidden="true">SuperAura</span>}
    </span>
  );
}
