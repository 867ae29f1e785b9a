import { makeComment } from '../fixtures';
import {
  COMMENT_MAX_LENGTH,
  commentLength,
  isValidComment,
  toNewComment,
  threadComments,
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

describe('threadComments (spec 001 §7, issue 23)', () => {
  const comment = (id: string, parent: string | null) =>
    makeComment({ id, content: id, parent_comment_id: parent });

  it('lists top-level comments in order, each with its replies oldest first', () => {
    const list = [
      comment('a', null),
      comment('b', 'a'),
      comment('c', null),
      comment('d', 'a'),
      comment('e', 'c'),
    ];
    expect(threadComments(list).map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ['a', ['b', 'd']],
      ['c', ['e']],
    ]);
  });

  it('leaves out a reply whose comment is not in the list', () => {
    expect(threadComments([comment('b', 'gone'), comment('c', null)]).map((t) => t.comment.id)).toEqual([
      'c',
    ]);
  });

  it('sends a reply with the comment it answers', () => {
    expect(toNewComment('p1', ' yes ', 'c1')).toEqual({
      post_id: 'p1',
      content: 'yes',
      content_type: 'text',
      parent_comment_id: 'c1',
    });
  });
});
