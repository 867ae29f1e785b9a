// An accessible dialog: portal, labelled by its title, Escape and backdrop close, focus kept inside
// while open and given back on close. Dialogs stack: only the top one is active (keys, clicks, focus);
// the ones below are inert until it closes. Below 600 px a dialog is a full-height sheet; at every size
// its header stays in place and only its body scrolls.
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons';
import styles from './Modal.module.css';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Wider dialogs for dashboards and lists. */
  size?: 'md' | 'lg';
  /** False while another dialog of the app's stack is open on top of this one (it is inert then). */
  active?: boolean;
}

/** Every open modal, oldest first: only the newest handles keys, and each sits above the older ones. */
const openModals: symbol[] = [];

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children, size = 'md', active = true }: ModalProps) {
  const titleId = useId();
  const [self] = useState(() => Symbol(title));
  const [level] = useState(() => openModals.length);
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    openModals.push(self);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals.splice(openModals.indexOf(self), 1);
      document.body.style.overflow = overflow;
      // Focus goes back to what opened the dialog (in the dialog below, or on the page).
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [self]);

  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.hasAttribute('disabled') && el.closest('[inert]') === null,
      );
      if (focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, self]);

  return createPortal(
    // A press on the backdrop is the mouse's way to close; the keyboard has Escape and the Close button.
    <div
      role="presentation"
      className={`${styles.backdrop} ${level > 0 ? styles.stacked : ''}`}
      style={{ zIndex: 100 + level }}
      inert={!active}
      onMouseDown={(event) => active && event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        className={`${styles.panel} ${size === 'lg' ? styles.large : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close">
            <Icon name="close" />
          </button>
        </header>
        {children ? (
          <div className={styles.body} data-dialog-body="">
            {children}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
