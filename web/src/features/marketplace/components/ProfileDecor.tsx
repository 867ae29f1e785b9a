// Applied marketplace items on a profile (spec 001 §4: "then applied to the profile"). Each piece is
// one self-closing element a profile header places among its own: it marks its parent element with
// data attributes and CSS custom properties (cleared again on change and unmount), and the style sheet
// beside it does the rest, so the header's own markup and layout stay as they are.
// - <ProfileDecor userId/> in the header: the colour scheme paints the display name (h3), the font sets
//   its typeface, the banner pack replaces the banner gradient; the badge shows where it is placed.
// - <AppliedAvatar userId/> right after the <Avatar/>: ring colour, effect and animation of the avatar.
import { useLayoutEffect, useRef } from 'react';
import { decorationOf, gradient, hasDecoration, type ProfileDecoration } from '../appearance';
import { useAppliedItems } from '../hooks/useMarketplace';
import styles from './ProfileDecor.module.css';

type Marks = Record<string, string | undefined>;

function useDecoration(userId: string): ProfileDecoration {
  const applied = useAppliedItems(userId);
  return decorationOf(applied.data ?? []);
}

/** Sets `data-*` attributes and `--*` properties on the marker's parent while mounted. */
function useMarkParent(marks: Marks) {
  const marker = useRef<HTMLSpanElement>(null);
  const key = JSON.stringify(marks);
  useLayoutEffect(() => {
    const host = marker.current?.parentElement;
    if (!host) return undefined;
    const entries = Object.entries(JSON.parse(key) as Marks).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    for (const [name, value] of entries) {
      if (name.startsWith('--')) host.style.setProperty(name, value);
      else host.setAttribute(name, value);
    }
    return () => {
      for (const [name] of entries) {
        if (name.startsWith('--')) host.style.removeProperty(name);
        else host.removeAttribute(name);
      }
    };
  }, [key]);
  return marker;
}

export function ProfileDecor({ userId }: { userId: string }) {
  const decoration = useDecoration(userId);
  const marker = useMarkParent({
    'data-mk-decor': hasDecoration(decoration) ? decoration.names.join(', ') : undefined,
    'data-mk-font': decoration.font ? '' : undefined,
    '--mk-font': decoration.font,
    'data-mk-scheme': decoration.scheme ? '' : undefined,
    '--mk-scheme': decoration.scheme ? gradient(decoration.scheme, 90) : undefined,
    'data-mk-banner': decoration.banner ? '' : undefined,
    '--mk-banner': decoration.banner ? gradient(decoration.banner, 120) : undefined,
  });
  return (
    <>
      <span ref={marker} hidden />
      {decoration.badge ? (
        <p className={styles.badge} title={decoration.badge.name} data-testid="applied-badge">
          <span aria-hidden="true">{decoration.badge.emoji}</span> {decoration.badge.name}
        </p>
      ) : null}
    </>
  );
}

export function AppliedAvatar({ userId }: { userId: string }) {
  const decoration = useDecoration(userId);
  const decorated = Boolean(decoration.ringColor || decoration.effect || decoration.animation);
  const marker = useMarkParent({
    'data-mk-avatar': decorated ? '' : undefined,
    'data-mk-ring': decoration.ringColor,
    '--mk-ring': decorated ? (decoration.ringColor ?? '#a855f7') : undefined,
    'data-mk-effect': decoration.effect,
    'data-mk-animation': decoration.animation,
  });
  return <span ref={marker} hidden />;
}
