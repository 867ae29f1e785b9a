// Opens dialogs by name. The names and what each shows are the app's business (app/dialogs.ts);
// this only keeps which one is open. One dialog at a time, as in the spec's single-page design.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface DialogState {
  name: string;
  props?: Record<string, unknown>;
}

interface DialogContextValue {
  open: DialogState | null;
  openDialog: (name: string, props?: Record<string, unknown>) => void;
  closeDialog: () => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<DialogState | null>(null);
  const openDialog = useCallback(
    (name: string, props?: Record<string, unknown>) => setOpen({ name, props }),
    [],
  );
  const closeDialog = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ open, openDialog, closeDialog }), [open, openDialog, closeDialog]);
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

/** Typed access: `useDialogs<DialogName>()`. */
export function useDialogs<Name extends string>() {
  const context = useContext(DialogContext);
  if (!context) throw new Error('useDialogs must be used inside <DialogProvider>');
  return context as {
    open: { name: Name; props?: Record<string, unknown> } | null;
    openDialog: (name: Name, props?: Record<string, unknown>) => void;
    closeDialog: () => void;
  };
}
