import {
  contentPrefixesOf,
  contentQueryOf,
  contentWordsOf,
  MAX_CONTENT_WORDS,
  MAX_PREFIX_LENGTH,
  MAX_WORD_LENGTH,
  memberPrefixOf,
  nameWordsOf,
  prefixRange,
  searchText,
  startsWordsOf,
  wordsOf,
} from './search-words';

/** What the server's range selects: strings s with $gte <= s < $lt, compared as UTF-8 bytes. */
function inRange(word: string, range: { $gte: string; $lt?: string }): boolean {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  if (Buffer.compare(bytes(word), bytes(range.$gte)) < 0) return false;
  return range.$lt === undefined || Buffer.compare(bytes(word), bytes(range.$lt)) < 0;
}

describe('searchText and wordsOf', () => {
  it('lower-cases, composes (NFC), collapses white space and splits at non-alphanumerics', () => {
    expect(searchText('  Calm \n  RIVER ')).toBe('calm river');
    expect(searchText('Cafe\u0301')).toBe('café');
    expect(wordsOf('A CALM morning #Yoga_Life, @bob.smith (x)')).toEqual([
      'a',
      'calm',
      'morning',
      'yoga',
      'life',
      'bob',
      'smith',
      'x',
    ]);
    expect(wordsOf('.*  ( )')).toEqual([]);
  });

  it('keeps letters with combining marks and other scripts whole', () => {
    expect(wordsOf('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(wordsOf('Ünïcödé 東京タワー')).toEqual(['ünïcödé', '東京タワー']);
  });
});

describe('nameWordsOf', () => {
  it('holds the whole username and display name and their words, once each', () => {
    expect(nameWordsOf('Bob_Calm', 'Bob Serene')).toEqual([
      'bob_calm',
      'bob serene',
      'bob',
      'serene',
      'calm',
    ]);
    expect(nameWordsOf('calm_river12', 'Calm River')).toEqual([
      'calm_river12',
      'calm river',
      'calm',
      'river',
      'river12',
    ]);
    expect(nameWordsOf('ann', 'Ann  Lee_Smith')).toEqual([
      'ann',
      'ann lee_smith',
      'lee_smith',
      'lee',
      'smith',
    ]);
  });

  it('keeps one-letter words and skips an empty display name', () => {
    expect(nameWordsOf('j_doe', '')).toEqual(['j_doe', 'j', 'doe']);
  });

  it('cuts long names to MAX_WORD_LENGTH characters', () => {
    const long = 'x'.repeat(MAX_WORD_LENGTH + 10);
    expect(nameWordsOf(long, long)).toEqual(['x'.repeat(MAX_WORD_LENGTH)]);
  });
});

describe('contentWordsOf', () => {
  it('holds the distinct words of two characters or more, tags included, in order', () => {
    expect(contentWordsOf('A CALM morning, calm again #Yoga I am')).toEqual([
      'calm',
      'morning',
      'again',
      'yoga',
      'am',
    ]);
    expect(contentWordsOf('')).toEqual([]);
    expect(contentWordsOf('a b c !!!')).toEqual([]);
  });

  it(`keeps the first ${MAX_CONTENT_WORDS} distinct words, each cut to ${MAX_WORD_LENGTH} characters`, () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i} w${i}`).join(' ');
    const words = contentWordsOf(text);
    expect(words).toHaveLength(MAX_CONTENT_WORDS);
    expect(words[0]).toBe('w0');
    expect(words.at(-1)).toBe(`w${MAX_CONTENT_WORDS - 1}`);
    // Characters, not UTF-16 units: a letter outside the BMP (U+1D49C) counts once.
    expect(contentWordsOf(`${'é'.repeat(100)} 𝒜${'y'.repeat(100)}`)).toEqual([
      'é'.repeat(MAX_WORD_LENGTH),
      `𝒜${'y'.repeat(MAX_WORD_LENGTH - 1)}`,
    ]);
  });
});

describe('contentPrefixesOf', () => {
  it('holds the first 1 to MAX_PREFIX_LENGTH characters of each indexed word, once each', () => {
    expect(contentPrefixesOf('Calm day, a CALMER #day')).toEqual([
      'c',
      'ca',
      'cal',
      'calm',
      'd',
      'da',
      'day',
      'calme',
      'calmer',
    ]);
    expect(contentPrefixesOf('mindfulnesses')).toHaveLength(MAX_PREFIX_LENGTH);
    expect(contentPrefixesOf('mindfulnesses').at(-1)).toBe('mindfulnes');
    expect(contentPrefixesOf('a ! b')).toEqual([]);
  });
});

describe('queries', () => {
  it('a member search looks for the whole text (null when blank)', () => {
    expect(memberPrefixOf('  Bob  Ser ')).toBe('bob ser');
    expect(memberPrefixOf('   ')).toBeNull();
    expect(memberPrefixOf('z'.repeat(200))).toBe('z'.repeat(MAX_WORD_LENGTH));
  });

  it('a post search looks up its longest word and checks every word', () => {
    expect(contentQueryOf('calm Morning calm')).toEqual({ indexed: 'morning', words: ['calm', 'morning'] });
    expect(contentQueryOf('mindfulnesses now')).toEqual({
      indexed: 'mindfulnes',
      words: ['mindfulnesses', 'now'],
    });
    expect(contentQueryOf('a.b (x)')).toEqual({ indexed: 'a', words: ['a', 'b', 'x'] });
    expect(contentQueryOf('.* ()')).toBeNull();
  });

  it('startsWordsOf: every word starts a word of the text', () => {
    expect(startsWordsOf('A CALM morning #yoga_life', ['cal', 'morn', 'life'])).toBe(true);
    expect(startsWordsOf('A CALM morning', ['a', 'calm'])).toBe(true);
    expect(startsWordsOf('A CALM morning', ['alm'])).toBe(false);
    expect(startsWordsOf('A CALM morning', ['calm', 'evening'])).toBe(false);
  });
});

describe('prefixRange', () => {
  it('selects exactly the words starting with the prefix', () => {
    const words = ['cal', 'calm', 'calming', 'calm_x', 'caln', 'calmz', 'cam', 'ca', 'calm😀', 'calmé', 'b'];
    const range = prefixRange('calm');
    expect(range).toEqual({ $gte: 'calm', $lt: 'caln' });
    expect(words.filter((word) => inRange(word, range))).toEqual(
      words.filter((word) => word.startsWith('calm')),
    );
  });

  it('raises the last code point, whatever its size', () => {
    expect(prefixRange('caf\u00e9')).toEqual({ $gte: 'café', $lt: 'caf\u00ea' });
    expect(prefixRange('a😀')).toEqual({ $gte: 'a😀', $lt: 'a😁' });
    expect(prefixRange('a\ud7ff')).toEqual({ $gte: 'a\ud7ff', $lt: 'a\ue000' });
    expect(prefixRange('a\u{10ffff}')).toEqual({ $gte: 'a\u{10ffff}', $lt: 'b' });
    expect(prefixRange('\u{10ffff}')).toEqual({ $gte: '\u{10ffff}' });
    const range = prefixRange('東京');
    expect(['東京', '東京タワー', '東亰', '東'].filter((word) => inRange(word, range))).toEqual([
      '東京',
      '東京タワー',
    ]);
  });
});
