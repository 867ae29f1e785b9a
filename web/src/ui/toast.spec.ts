import { ACTION_TOAST_MS, actOnToast, dismissToast, showToast, TOAST_MS, toastStore } from './toast';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    toastStore.get().forEach((toast) => dismissToast(toast.id));
    jest.useRealTimers();
  });

  it('shows a notice for TOAST_MS', () => {
    const id = showToast('Post created successfully!');
    expect(toastStore.get()).toEqual([{ id, message: 'Post created successfully!', tone: 'success' }]);
    jest.advanceTimersByTime(TOAST_MS);
    expect(toastStore.get()).toEqual([]);
  });

  it('does not stack the same notice: the one shown stays, for TOAST_MS from the repeat', () => {
    const first = showToast('New message from Ada', 'info');
    jest.advanceTimersByTime(TOAST_MS - 1000);
    expect(showToast('New message from Ada', 'info')).toBe(first);
    expect(toastStore.get()).toHaveLength(1);
    jest.advanceTimersByTime(TOAST_MS - 1);
    expect(toastStore.get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toastStore.get()).toEqual([]);
  });

  it('stacks different notices', () => {
    showToast('New message from Ada', 'info');
    showToast('New message from Bea', 'info');
    showToast('New message from Ada', 'error');
    expect(toastStore.get().map((toast) => toast.message)).toEqual([
      'New message from Ada',
      'New message from Bea',
      'New message from Ada',
    ]);
  });

  it('a notice with an action stays longer, is never merged, and its action runs once and closes it', () => {
    const undo = jest.fn();
    const first = showToast('Post hidden', 'info', { action: { label: 'Undo', onAction: undo } });
    const second = showToast('Post hidden', 'info', { action: { label: 'Undo', onAction: undo } });
    expect(second).not.toBe(first);
    expect(toastStore.get()[0]).toMatchObject({ id: first, action: { label: 'Undo' } });
    jest.advanceTimersByTime(TOAST_MS);
    expect(toastStore.get()).toHaveLength(2);
    actOnToast(first);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(toastStore.get().map((toast) => toast.id)).toEqual([second]);
    actOnToast(first);
    expect(undo).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(ACTION_TOAST_MS - TOAST_MS);
    expect(toastStore.get()).toEqual([]);
  });
});
