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
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number) {
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  notify();
}

export function showToast(message: string, tone: ToastTone = 'success'): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone }];
  notify();
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toasts,
};
