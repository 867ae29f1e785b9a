// Opens dialogs by name. The names and what each shows are the app's business (app/dialogs.ts);
// this keeps the stack of open dialogs: a dialog opened from another opens on top of it, and closing it
// returns to the one below. Each open dialog owns one history entry (same address: spec 000 §2 has no
// URL routing), so the browser's Back button or a phone's back gesture closes the top dialog.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { nextStack, type DialogEntry, type StackAction } from './dialog-stack';

export type { DialogEntry } from './dialog-stack';

interface DialogContextValue {
  /** The dialog on top, or null. */
  open: DialogEntry | null;
  /** Every open dialog, bottom first. */
  stack: readonly DialogEntry[];
  /** Opens a dialog on top of the open ones (nothing happens when the same one is already on top). */
  openDialog: (name: string, props?: Record<string, unknown>) => void;
  /** Closes the top dialog and opens another in its place (the spec's "close the modal and open"). */
  replaceDialog: (name: string, props?: Record<string, unknown>) => void;
  /** Closes the top dialog, or the one with `key` and everything above it. */
  closeDialog: (key?: number) => void;
  /** Closes every dialog. */
  closeAll: () => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

/** The history entry state that marks how many dialogs were open when it was pushed. */
const DEPTH_KEY = 'auraDialogDepth';
const depthOf = (state: unknown): number => {
  if (state && typeof state === 'object' && DEPTH_KEY in state) {
    const depth = (state as Record<string, unknown>)[DEPTH_KEY];
    if (typeof depth === 'number' && Number.isInteger(depth) && depth >= 0) return depth;
  }
  return 0;
};

export function DialogProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<readonly DialogEntry[]>([]);
  const nextKey = useRef(1);
  /** History traversals started by us (closing from the UI), whose popstate must not close more. */
  const ownTraversals = useRef(0);
  const [landed, setLanded] = useState(0);

  const apply = useCallback((action: StackAction) => {
    setStack((current) => nextStack(current, action, () => nextKey.current++));
  }, []);

  // Keeps one history entry per open dialog: pushes for dialogs opened, goes back for dialogs closed.
  useEffect(() => {
    // Wait for our own traversal to land: until then history.state is the entry we are leaving.
    if (ownTraversals.current > 0) return;
    const depth = depthOf(window.history.state);
    if (stack.length > depth) {
      for (let level = depth + 1; level <= stack.length; level++)
        window.history.pushState({ ...(window.history.state ?? {}), [DEPTH_KEY]: level }, '');
    } else if (stack.length < depth) {
      ownTraversals.current += 1;
      window.history.go(stack.length - depth);
    }
  }, [stack.length, landed]);

  // Back (or Forward) in the browser: the history entry now shown tells how many dialogs stay open.
  const onPopState = useEffectEvent((event: PopStateEvent) => {
    if (ownTraversals.current > 0) {
      ownTraversals.current -= 1;
      setLanded((count) => count + 1);
      return;
    }
    const depth = depthOf(event.state);
    const open = stack.length;
    if (depth < open) setStack((current) => current.slice(0, depth));
    else if (depth > open) {
      // Forward into the entry of a dialog that was closed: it cannot come back; return to ours.
      ownTraversals.current += 1;
      window.history.go(open - depth);
    }
  });
  useEffect(() => {
    const listener = (event: PopStateEvent) => onPopState(event);
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, []);

  // The opener is read as the dialog is asked for, before the page behind it becomes inert.
  const openDialog = useCallback(
    (name: string, props?: Record<string, unknown>) =>
      apply({ type: 'open', name, props, opener: document.activeElement }),
    [apply],
  );
  const replaceDialog = useCallback(
    (name: string, props?: Record<string, unknown>) =>
      apply({ type: 'replace', name, props, opener: document.activeElement }),
    [apply],
  );
  const closeDialog = useCallback((key?: number) => apply({ type: 'close', key }), [apply]);
  const closeAll = useCallback(() => apply({ type: 'close-all' }), [apply]);

  const value = useMemo(
    () => ({
      open: stack[stack.length - 1] ?? null,
      stack,
      openDialog,
      replaceDialog,
      closeDialog,
      closeAll,
    }),
    [stack, openDialog, replaceDialog, closeDialog, closeAll],
  );
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

/** Typed access: `useDialogs<DialogName>()`. */
export function useDialogs<Name extends string>() {
  const context = useContext(DialogContext);
  if (!context) throw new Error('useDialogs must be used inside <DialogProvider>');
  return context as unknown as Omit<DialogContextValue, 'open' | 'stack' | 'openDialog' | 'replaceDialog'> & {
    open: DialogEntry<Name> | null;
    stack: readonly DialogEntry<Name>[];
    openDialog: (name: Name, props?: Record<string, unknown>) => void;
    replaceDialog: (name: Name, props?: Record<string, unknown>) => void;
  };
}
