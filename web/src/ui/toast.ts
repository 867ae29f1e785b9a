// App-wide notices (spec 000 §8 success alerts such as 'Post created successfully!'), shown by <Toaster/>.
// A tiny external store so any feature can announce without a provider.

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** How long a notice stays on screen. */
export const TOAST_MS = 4000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  notify();
}

/**
 * Shows a notice for TOAST_MS. The same notice shown again while it is on screen (e.g. a second
 * message from the same member) is not stacked: the one shown stays, for TOAST_MS from now.
 */
export function showToast(message: string, tone: ToastTone = 'success'): number {
  const shown = toasts.find((toast) => toast.message === message && toast.tone === tone);
  const id = shown?.id ?? nextId++;
  if (!shown) {
    toasts = [...toasts, { id, message, tone }];
    notify();
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
  return id;
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toasts,
};
