import { extractMentions, extractTags, MAX_TAGS } from './text';

describe('extractTags', () => {
  it('finds #tags, lower-cased, unique, in order', () => {
    expect(extractTags('Morning #Gratitude walk #mindfulness and more #gratitude')).toEqual([
      'gratitude',
      'mindfulness',
    ]);
  });

  it('takes letters, digits and underscores up to 50 characters', () => {
    expect(extractTags('#self_care #day_30! #a')).toEqual(['self_care', 'day_30', 'a']);
    expect(extractTags(`#${'x'.repeat(50)}`)).toEqual(['x'.repeat(50)]);
    expect(extractTags(`#${'x'.repeat(51)}`)).toEqual([]);
  });

  it('ignores a # inside a word, an URL fragment, an entity and a lone #', () => {
    expect(extractTags('C# is fun, see https://aura.app/page#top &#39; # nothing ##double')).toEqual([]);
  });

  it('reads tags at the start, after punctuation and on new lines', () => {
    expect(extractTags('#first,(#second)\n#third.')).toEqual(['first', 'second', 'third']);
  });

  it(`keeps at most ${MAX_TAGS}`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' ');
    expect(extractTags(text)).toHaveLength(MAX_TAGS);
  });
});

describe('extractMentions', () => {
  it('finds @usernames as written, unique without regard to case', () => {
    expect(extractMentions('Thanks @Alice_1 and @bob! cc @alice_1')).toEqual(['Alice_1', 'bob']);
  });

  it('ignores e-mail addresses and names shorter than 3 or longer than 30 characters', () => {
    expect(extractMentions(`mail me@aura.app @ab @${'z'.repeat(31)} @ok_name`)).toEqual(['ok_name']);
  });

  it('finds none in plain text', () => {
    expect(extractMentions('no mentions here')).toEqual([]);
  });
});
