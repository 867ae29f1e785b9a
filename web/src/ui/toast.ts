// App-wide notices (spec 000 §8 success alerts such as 'Post created successfully!'), shown by <Toaster/>.
// A tiny external store so any feature can announce without a provider.

export type ToastTone = 'success' | 'error' | 'info';

/** A button in the notice (e.g. Undo): choosing it runs `onAction` and closes the notice. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays (default TOAST_MS); a notice with an action leaves time to reach it. */
  durationMs?: number;
}

/** How long a notice stays on screen. */
export const TOAST_MS = 4000;
/** How long a notice with an action (Undo) stays. */
export const ACTION_TOAST_MS = 8000;

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
export function showToast(message: string, tone: ToastTone = 'success', options: ToastOptions = {}): number {
  const { action } = options;
  // A notice with an action is its own (its Undo undoes one thing): never merged with another.
  const shown = action
    ? undefined
    : toasts.find((toast) => toast.message === message && toast.tone === tone && !toast.action);
  const id = shown?.id ?? nextId++;
  if (!shown) {
    toasts = [...toasts, action ? { id, message, tone, action } : { id, message, tone }];
    notify();
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), options.durationMs ?? (action ? ACTION_TOAST_MS : TOAST_MS)),
  );
  return id;
}

/** Runs a notice's action and closes the notice. */
export function actOnToast(id: number) {
  const toast = toasts.find((candidate) => candidate.id === id);
  dismissToast(id);
  toast?.action?.onAction();
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toasts,
};
