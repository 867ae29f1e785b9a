import { Skeleton } from '../../../ui/Skeleton';
import styles from './PostSkeleton.module.css';

/** A post-shaped placeholder while a list loads. */
export function PostSkeleton() {
  return (
    <div className={`card ${styles.card}`} aria-hidden="true">
      <div className={styles.head}>
        <Skeleton width={40} height={40} round />
        <div className={styles.lines}>
          <Skeleton width="35%" height={12} />
          <Skeleton width="22%" height={10} />
        </div>
      </div>
      <Skeleton width="92%" height={12} />
      <Skeleton width="70%" height={12} />
      <Skeleton width="40%" height={26} style={{ borderRadius: 999 }} />
    </div>
  );
}
