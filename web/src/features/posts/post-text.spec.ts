import { splitPostText, tagSearchText } from './post-text';

describe('splitPostText', () => {
  it('finds tags between text', () => {
    expect(splitPostText('Morning walk #Gratitude and #calm_days!')).toEqual([
      { kind: 'text', text: 'Morning walk ' },
      { kind: 'tag', text: '#Gratitude', tag: 'gratitude' },
      { kind: 'text', text: ' and ' },
      { kind: 'tag', text: '#calm_days', tag: 'calm_days' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps text without tags whole, and ignores a bare # or one glued to a word', () => {
    expect(splitPostText('no tags here')).toEqual([{ kind: 'text', text: 'no tags here' }]);
    expect(splitPostText('# C#sharp')).toEqual([{ kind: 'text', text: '# C#sharp' }]);
    expect(splitPostText('')).toEqual([]);
  });

  it('does not take a tag longer than 50 characters', () => {
    expect(splitPostText(`#${'a'.repeat(51)}`)).toEqual([{ kind: 'text', text: `#${'a'.repeat(51)}` }]);
  });
});

describe('splitPostText: mentions', () => {
  const luna = { id: 'u1', username: 'Luna_92' };

  it('links a mention of a resolved member, in any case; others stay text', () => {
    expect(splitPostText('Thanks @luna_92 and @nobody_here!', [luna])).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@luna_92', member: luna },
      { kind: 'text', text: ' and @nobody_here!' },
    ]);
  });

  it('does not take an address or a too-short name as a mention', () => {
    expect(splitPostText('me@Luna_92 @lu', [luna, { id: 'u2', username: 'lu' }])).toEqual([
      { kind: 'text', text: 'me@Luna_92 @lu' },
    ]);
  });

  it('keeps tags and mentions apart', () => {
    expect(splitPostText('@Luna_92 #calm', [luna])).toEqual([
      { kind: 'mention', text: '@Luna_92', member: luna },
      { kind: 'text', text: ' ' },
      { kind: 'tag', text: '#calm', tag: 'calm' },
    ]);
  });
});

describe('tagSearchText', () => {
  it('searches the tag with its #', () => {
    expect(tagSearchText('Calm')).toBe('#calm');
    expect(tagSearchText('#calm')).toBe('#calm');
  });
});
