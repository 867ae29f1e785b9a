// Placeholder blocks shown while content loads (decorative: the region says "Loading" itself).
import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export function Skeleton({
  width = '100%',
  height = 14,
  round = false,
  style,
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span
      className={`${styles.skeleton} ${round ? styles.round : ''}`}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  );
}
