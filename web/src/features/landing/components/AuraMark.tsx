// The Aura logo: a soft glowing orb.
import styles from './AuraMark.module.css';

export function AuraMark({ size = 36 }: { size?: number }) {
  return <span className={styles.mark} style={{ width: size, height: size }} aria-hidden="true" />;
}

export function AuraWordmark() {
  return (
    <span className={styles.wordmark}>
      <AuraMark size={30} />
      <span className={styles.word}>Aura</span>
    </span>
  );
}
