import { splitTags, tagSearchText } from './post-text';

describe('splitTags', () => {
  it('finds tags between text', () => {
    expect(splitTags('Morning walk #Gratitude and #calm_days!')).toEqual([
      { kind: 'text', text: 'Morning walk ' },
      { kind: 'tag', text: '#Gratitude', tag: 'gratitude' },
      { kind: 'text', text: ' and ' },
      { kind: 'tag', text: '#calm_days', tag: 'calm_days' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps text without tags whole, and ignores a bare # or one glued to a word', () => {
    expect(splitTags('no tags here')).toEqual([{ kind: 'text', text: 'no tags here' }]);
    expect(splitTags('# C#sharp')).toEqual([{ kind: 'text', text: '# C#sharp' }]);
    expect(splitTags('')).toEqual([]);
  });

  it('does not take a tag longer than 50 characters', () => {
    expect(splitTags(`#${'a'.repeat(51)}`)).toEqual([{ kind: 'text', text: `#${'a'.repeat(51)}` }]);
  });
});

describe('tagSearchText', () => {
  it('searches the tag with its #', () => {
    expect(tagSearchText('Calm')).toBe('#calm');
    expect(tagSearchText('#calm')).toBe('#calm');
  });
});
