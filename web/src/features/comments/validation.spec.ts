import { makeComment } from '../posts/fixtures';
import {
  COMMENT_MAX_LENGTH,
  commentLength,
  isValidComment,
  toNewComment,
  topLevelComments,
} from './validation';

describe('comment rules (spec 001 §5, §9)', () => {
  it('is at most 300 characters', () => {
    expect(COMMENT_MAX_LENGTH).toBe(300);
    expect(isValidComment('a'.repeat(300))).toBe(true);
    expect(isValidComment('a'.repeat(301))).toBe(false);
  });

  it('must not be blank', () => {
    expect(isValidComment('')).toBe(false);
    expect(isValidComment('   \n\t ')).toBe(false);
    expect(isValidComment(' ok ')).toBe(true);
  });

  it('counts an emoji as one character', () => {
    expect(commentLength('🌟🌟')).toBe(2);
    expect(isValidComment('🌟'.repeat(300))).toBe(true);
  });

  it('sends the trimmed text as a text comment of the post', () => {
    expect(toNewComment('p1', '  hello  ')).toEqual({
      post_id: 'p1',
      content: 'hello',
      content_type: 'text',
    });
  });
});

describe('topLevelComments (spec 001 §7)', () => {
  const comment = (id: string, parent: string | null) =>
    makeComment({ id, content: id, parent_comment_id: parent });

  it('drops replies', () => {
    const list = [comment('a', null), comment('b', 'a'), comment('c', null)];
    expect(topLevelComments(list).map((c) => c.id)).toEqual(['a', 'c']);
  });
});
