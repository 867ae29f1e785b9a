// The rules of the dialog stack, pure so that they are unit-tested under node.

export interface DialogEntry<Name extends string = string> {
  /** Unique per opening: tells two dialogs of the same name apart. */
  key: number;
  name: Name;
  props?: Record<string, unknown>;
  /** What had the focus when the dialog was opened (focus goes back to it on close). */
  opener?: Element | null;
}

export type StackAction =
  | { type: 'open'; name: string; props?: Record<string, unknown>; opener?: Element | null }
  | { type: 'replace'; name: string; props?: Record<string, unknown>; opener?: Element | null }
  | { type: 'close'; key?: number }
  | { type: 'close-all' };

/** Dialogs open at most this deep; opening one more drops the oldest. */
export const MAX_DIALOG_DEPTH = 6;

const sameProps = (a?: Record<string, unknown>, b?: Record<string, unknown>) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export function nextStack(
  stack: readonly DialogEntry[],
  action: StackAction,
  newKey: () => number,
): readonly DialogEntry[] {
  switch (action.type) {
    case 'open': {
      const top = stack[stack.length - 1];
      if (top && top.name === action.name && sameProps(top.props, action.props)) return stack;
      const next = [
        ...stack,
        { key: newKey(), name: action.name, props: action.props, opener: action.opener },
      ];
      return next.length > MAX_DIALOG_DEPTH ? next.slice(next.length - MAX_DIALOG_DEPTH) : next;
    }
    case 'replace':
      return [
        ...stack.slice(0, -1),
        { key: newKey(), name: action.name, props: action.props, opener: action.opener },
      ];
    case 'close': {
      if (action.key === undefined) return stack.slice(0, -1);
      const index = stack.findIndex((entry) => entry.key === action.key);
      return index === -1 ? stack : stack.slice(0, index);
    }
    case 'close-all':
      return stack.length === 0 ? stack : [];
  }
}
