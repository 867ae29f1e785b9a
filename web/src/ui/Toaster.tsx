// Renders the notices of ui/toast in a polite live region, outside any inert page content.
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icons';
import { actOnToast, dismissToast, toastStore } from './toast';
import styles from './Toaster.module.css';

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return createPortal(
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          <span className={styles.message}>{toast.message}</span>
          {toast.action ? (
            <button type="button" className={styles.action} onClick={() => actOnToast(toast.id)}>
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.close}
            onClick={() => dismissToast(toast.id)}
            aria-label="Dismiss notification"
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
