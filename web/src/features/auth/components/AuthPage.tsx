// The signed-out card page the sign-in form uses (AuthForm.module.css), for the screens around it:
// "Forgot password?" and the mailed reset link. A link back at the top, the Aura mark, the content.
import type { ReactNode } from 'react';
import { Icon } from '../../../ui/icons';
import { AuraMark } from '../../landing';
import styles from './AuthForm.module.css';

export function AuthPage({
  backLabel,
  onBack,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <button type="button" className="link-btn" onClick={onBack}>
          <Icon name="arrow-left" size={18} />
          {backLabel}
        </button>
      </div>
      <main className={`card ${styles.card}`}>
        <div className={styles.brand}>
          <AuraMark size={44} />
        </div>
        {children}
      </main>
    </div>
  );
}
