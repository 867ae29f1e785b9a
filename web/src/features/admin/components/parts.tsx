// Small pieces the Admin Panel and the Help Center share: a status/priority badge and an error line.
import styles from '../../../ui/Admin.module.css';

export function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}

/** Spec 001 §8: a failed action's message, shown where it happened. */
export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};
