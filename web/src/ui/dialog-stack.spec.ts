import { MAX_DIALOG_DEPTH, nextStack, type DialogEntry } from './dialog-stack';

const keys = () => {
  let key = 0;
  return () => ++key;
};

describe('the dialog stack', () => {
  it('opens a dialog on top of the open one and closing returns to it', () => {
    const key = keys();
    let stack: readonly DialogEntry[] = [];
    stack = nextStack(stack, { type: 'open', name: 'member', props: { userId: 'a' } }, key);
    stack = nextStack(stack, { type: 'open', name: 'send-energy' }, key);
    expect(stack.map((entry) => entry.name)).toEqual(['member', 'send-energy']);
    stack = nextStack(stack, { type: 'close' }, key);
    expect(stack).toEqual([{ key: 1, name: 'member', props: { userId: 'a' } }]);
  });

  it('keeps what had the focus as each dialog was asked for, so that the focus can go back to it', () => {
    const key = keys();
    const button = { tagName: 'BUTTON' } as unknown as Element;
    const wallet = nextStack([], { type: 'open', name: 'wallet', opener: button }, key);
    expect(wallet[0]?.opener).toBe(button);
    const field = { tagName: 'INPUT' } as unknown as Element;
    const replaced = nextStack(wallet, { type: 'replace', name: 'send-energy', opener: field }, key);
    expect(replaced.map((entry) => entry.opener)).toEqual([field]);
  });

  it('does not open the dialog already on top twice', () => {
    const key = keys();
    const once = nextStack([], { type: 'open', name: 'member', props: { userId: 'a' } }, key);
    expect(nextStack(once, { type: 'open', name: 'member', props: { userId: 'a' } }, key)).toBe(once);
    expect(nextStack(once, { type: 'open', name: 'member', props: { userId: 'b' } }, key)).toHaveLength(2);
  });

  it('replaces the top dialog (the spec\'s "close the modal and open")', () => {
    const key = keys();
    const profile = nextStack([], { type: 'open', name: 'profile' }, key);
    expect(nextStack(profile, { type: 'replace', name: 'genie-shop' }, key)).toEqual([
      { key: 2, name: 'genie-shop', props: undefined },
    ]);
  });

  it('closes a given dialog with everything opened on top of it', () => {
    const key = keys();
    let stack: readonly DialogEntry[] = [];
    for (const name of ['profile', 'wallet', 'explore'])
      stack = nextStack(stack, { type: 'open', name }, key);
    expect(nextStack(stack, { type: 'close', key: 2 }, key).map((entry) => entry.name)).toEqual(['profile']);
    expect(nextStack(stack, { type: 'close', key: 99 }, key)).toBe(stack);
    expect(nextStack(stack, { type: 'close-all' }, key)).toEqual([]);
  });

  it('keeps at most MAX_DIALOG_DEPTH dialogs, dropping the oldest', () => {
    const key = keys();
    let stack: readonly DialogEntry[] = [];
    for (let i = 0; i < MAX_DIALOG_DEPTH + 2; i++)
      stack = nextStack(stack, { type: 'open', name: 'member', props: { userId: String(i) } }, key);
    expect(stack).toHaveLength(MAX_DIALOG_DEPTH);
    expect(stack[0]!.props).toEqual({ userId: '2' });
  });
});
