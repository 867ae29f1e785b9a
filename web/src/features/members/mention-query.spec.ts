import { activeMention, applyMention } from './mention-query';

describe('activeMention', () => {
  it('finds the @name that ends at the caret', () => {
    expect(activeMention('Thanks @lu', 10)).toEqual({ start: 7, query: 'lu' });
    expect(activeMention('@a', 2)).toEqual({ start: 0, query: 'a' });
    expect(activeMention('hi (@sol_9', 10)).toEqual({ start: 4, query: 'sol_9' });
  });

  it('finds none without a name, in an address, in the middle of a name, or after a space', () => {
    expect(activeMention('Thanks @', 8)).toBeNull();
    expect(activeMention('me@luna', 7)).toBeNull();
    expect(activeMention('@luna', 3)).toBeNull();
    expect(activeMention('@luna ', 6)).toBeNull();
    expect(activeMention(`@${'a'.repeat(31)}`, 32)).toBeNull();
  });
});

describe('applyMention', () => {
  it('puts the chosen username with a space and moves the caret after it', () => {
    expect(applyMention('Thanks @lu', { start: 7, query: 'lu' }, 'Luna_92')).toEqual({
      text: 'Thanks @Luna_92 ',
      caret: 16,
    });
  });

  it('keeps the text after the caret, without doubling a space', () => {
    expect(applyMention('@lu and more', { start: 0, query: 'lu' }, 'luna')).toEqual({
      text: '@luna and more',
      caret: 6,
    });
  });
});
