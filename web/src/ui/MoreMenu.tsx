// A small "⋯" menu (posts, comments, messages, stories, profiles): a button that opens a short list of
// actions below it, in the profile menu's style. Escape or a press outside closes it (and Escape closes
// only the menu, not the dialog it sits in); choosing an item closes it first. Arrow keys, Home and End
// move between the items; every item is at least 44 px tall.
//
// The open list sits in the browser's top layer (the Popover API), placed under its button by
// placeMenu: a card around the button makes a stacking context (its backdrop blur), and the page's
// notices (z-index 300) would otherwise cover the list, so a tap meant for an item closed the menu.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Icon, type IconName } from './icons';
import { useDismiss } from './useDismiss';
import styles from './MoreMenu.module.css';

export interface MoreMenuItem {
  label: string;
  icon: IconName;
  onSelect: () => void;
}

export interface MoreMenuProps {
  /** The button's accessible name, e.g. "More options for Luna's post". */
  label: string;
  items: readonly MoreMenuItem[];
  onOpenChange?: (open: boolean) => void;
  className?: string;
  buttonClassName?: string;
  /** 'ghost': round and outlined, beside the app's ghost buttons (a profile's actions). */
  variant?: 'plain' | 'ghost';
}

export function MoreMenu({
  label,
  items,
  onOpenChange,
  className,
  buttonClassName,
  variant = 'plain',
}: MoreMenuProps) {
  const [open, setOpenState] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  useDismiss(root, () => setOpen(false), open);
  useTopLayer(open, trigger, menu);

  // The first item takes the focus, so that a keyboard goes on from there.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % buttons.length,
      ArrowUp: at <= 0 ? buttons.length - 1 : at - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    const target = buttons.length > 0 ? move[event.key] : undefined;
    if (target !== undefined) {
      event.preventDefault();
      buttons[target]?.focus();
      return;
    }
    if (event.key !== 'Escape') return;
    // The dialog around the menu listens for Escape too: it is the menu's.
    event.stopPropagation();
    event.nativeEvent.stopImmediatePropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className={`${styles.root} ${className ?? ''}`} ref={root}>
      <button
        ref={trigger}
        type="button"
        onKeyDown={onKeyDown}
        className={`icon-btn ${styles.trigger} ${variant === 'ghost' ? styles.ghost : ''} ${buttonClassName ?? ''}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" size={20} strokeWidth={2.8} />
      </button>
      {open ? (
        <div id={menuId} ref={menu} popover="manual" className={`card ${styles.menu}`}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              className={styles.item}
              onKeyDown={onKeyDown}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              <Icon name={item.icon} size={18} />
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const GAP = 6;
const MARGIN = 8;

/** Shows the open menu in the top layer and keeps it beside its button while the page scrolls. */
function useTopLayer(
  open: boolean,
  trigger: RefObject<HTMLButtonElement | null>,
  menu: RefObject<HTMLDivElement | null>,
) {
  useLayoutEffect(() => {
    const list = menu.current;
    const button = trigger.current;
    // Without the Popover API the list stays where the stylesheet puts it, under its button.
    if (!open || !list || !button || typeof list.showPopover !== 'function') return undefined;
    list.showPopover();
    const place = () => placeMenu(list, button.getBoundingClientRect());
    place();
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
      if (list.isConnected && list.matches(':popover-open')) list.hidePopover();
    };
  }, [open, trigger, menu]);
}

/** Below the button, right edges aligned, kept inside the viewport; above it when there is no room below. */
function placeMenu(list: HTMLElement, button: DOMRect) {
  const { offsetWidth: width, offsetHeight: height } = list;
  const left = Math.max(MARGIN, Math.min(button.right - width, window.innerWidth - width - MARGIN));
  const below = button.bottom + GAP;
  const above = button.top - GAP - height;
  const top = below + height <= window.innerHeight - MARGIN || above < MARGIN ? below : above;
  list.style.left = `${left}px`;
  list.style.top = `${top}px`;
}
