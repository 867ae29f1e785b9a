import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import styles from './EmptyState.module.css';

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <span className={styles.glyph}>
        <Icon name={icon} size={26} />
      </span>
      <p className={styles.title}>{title}</p>
      {children ? <p className={styles.text}>{children}</p> : null}
    </div>
  );
}
