import { InvalidInput, RuleViolation } from '@aura/platform';
import {
  escapeRegExp,
  MAX_MESSAGE_LENGTH,
  MAX_SEARCH_LENGTH,
  MessageRules,
  validateSearch,
  validateSend,
} from './message-rules';

const base = { content: '', messageType: 'text', mediaUrl: '', mediaFilename: '', clientMessageId: '' };
const attachment = '/api/media/messages/0f1e2d3c4b5a69788796a5b4c3d2e1f0.jpg?expires=1900000000&sig=abc_-Z';

describe('validateSend', () => {
  it('keeps text trimmed and defaults the type to text', () => {
    expect(validateSend({ ...base, content: '  hi there \n', messageType: '' })).toMatchObject({
      content: 'hi there',
      messageType: 'text',
    });
  });

  it('refuses blank text with the rule message (400), and over-long text', () => {
    expect(() => validateSend({ ...base, content: ' \n\t ' })).toThrow(new RuleViolation(MessageRules.empty));
    expect(() => validateSend({ ...base, content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) })).toThrow(
      new RuleViolation(MessageRules.tooLong),
    );
    expect(validateSend({ ...base, content: 'x'.repeat(MAX_MESSAGE_LENGTH) }).content).toHaveLength(
      MAX_MESSAGE_LENGTH,
    );
  });

  it("accepts an attachment without text, only at media's message path", () => {
    expect(validateSend({ ...base, messageType: 'image', mediaUrl: attachment })).toMatchObject({
      messageType: 'image',
      content: '',
    });
    for (const mediaUrl of [
      '',
      'https://evil.example/x.jpg',
      '/api/media/posts/x.jpg',
      '/api/media/messages/../x',
    ])
      expect(() => validateSend({ ...base, messageType: 'video', mediaUrl })).toThrow(
        new InvalidInput(MessageRules.mediaRequired),
      );
    expect(() => validateSend({ ...base, content: 'hi', mediaUrl: attachment })).toThrow(InvalidInput);
  });

  it('refuses unknown types and malformed client ids (422)', () => {
    expect(() => validateSend({ ...base, content: 'hi', messageType: 'gif' })).toThrow(
      new InvalidInput(MessageRules.badType),
    );
    expect(() => validateSend({ ...base, content: 'hi', clientMessageId: 'a b' })).toThrow(
      new InvalidInput(MessageRules.badClientId),
    );
    expect(validateSend({ ...base, content: 'hi', clientMessageId: 'c-1_A' }).clientMessageId).toBe('c-1_A');
  });
});

describe('validateSearch', () => {
  it('keeps 2-100 characters of trimmed text; shorter or longer is malformed (422)', () => {
    expect(validateSearch('  hi ')).toBe('hi');
    expect(validateSearch('x'.repeat(MAX_SEARCH_LENGTH))).toHaveLength(MAX_SEARCH_LENGTH);
    expect(() => validateSearch(' a ')).toThrow(new InvalidInput(MessageRules.searchTooShort));
    expect(() => validateSearch('x'.repeat(MAX_SEARCH_LENGTH + 1))).toThrow(
      new InvalidInput(MessageRules.searchTooLong),
    );
  });

  it('escapes every RegExp character, so a query matches literally', () => {
    const query = 'a.b*c+(d)?[e]{f}|^$\\';
    expect(new RegExp(escapeRegExp(query)).test(`xx${query}yy`)).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
