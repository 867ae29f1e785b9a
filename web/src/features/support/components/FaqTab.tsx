// The FAQ tab: each question opens its answer.
import styles from '../../../ui/Admin.module.css';
import { FAQ } from '../support';

export function FaqTab() {
  return (
    <div className={styles.list}>
      {FAQ.map((entry) => (
        <details key={entry.question} className={styles.item}>
          <summary className={styles.name}>{entry.question}</summary>
          <p className={styles.text}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
