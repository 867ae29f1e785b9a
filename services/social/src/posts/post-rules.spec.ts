import { InvalidInput, RuleViolation } from '@aura/platform';
import type { social } from '@aura/proto';
import { mediaTypeOf, PostMessages, validateNewPost } from './post-rules';

const request = (overrides: Partial<social.CreatePostRequest> = {}): social.CreatePostRequest => ({
  content: 'Hello',
  contentType: '',
  category: '',
  mediaUrl: '',
  isStory: false,
  ...overrides,
});

function failure(overrides: Partial<social.CreatePostRequest>): Error {
  try {
    validateNewPost(request(overrides));
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rule to refuse the post');
}

describe('validateNewPost', () => {
  it('needs content or media, with the spec messages for posts and stories', () => {
    expect(failure({ content: '   \n' })).toEqual(new RuleViolation(PostMessages.emptyPost));
    expect(failure({ content: '', isStory: true })).toEqual(new RuleViolation(PostMessages.emptyStory));
    expect(failure({ content: ' ' })).toBeInstanceOf(RuleViolation);
  });

  it('defaults category to general and content_type from the media', () => {
    expect(validateNewPost(request())).toMatchObject({ category: 'general', contentType: 'text' });
    expect(
      validateNewPost(request({ content: '', mediaUrl: '/api/media/posts/0f1e2d3c-aaaa.jpg' })),
    ).toMatchObject({ contentType: 'multimedia', mediaType: 'image' });
  });

  it('accepts the five categories in any case and refuses others as malformed (422)', () => {
    for (const category of ['general', 'lifestyle', 'technology', 'inspiration', 'Personal'])
      expect(validateNewPost(request({ category })).category).toBe(category.toLowerCase());
    expect(failure({ category: 'wellness' })).toEqual(new InvalidInput(PostMessages.category));
  });

  it('accepts content_type text or multimedia only', () => {
    expect(validateNewPost(request({ contentType: 'multimedia' })).contentType).toBe('multimedia');
    expect(failure({ contentType: 'video' })).toEqual(new InvalidInput(PostMessages.contentType));
  });

  it('accepts only media paths of post uploads', () => {
    expect(validateNewPost(request({ mediaUrl: '/api/media/posts/a1b2.mp4' })).mediaType).toBe('video');
    for (const mediaUrl of [
      'https://evil.example/x.jpg',
      '/api/media/messages/a.jpg',
      '/api/media/posts/../secret',
      '/api/media/posts/a.jpg?x=1',
      'javascript:alert(1)',
    ])
      expect(failure({ mediaUrl })).toEqual(new InvalidInput(PostMessages.mediaUrl));
  });

  it('caps content at 2000 characters (after trimming)', () => {
    expect(validateNewPost(request({ content: `  ${'a'.repeat(2000)}  ` })).content).toHaveLength(2000);
    expect(failure({ content: 'a'.repeat(2001) })).toEqual(new RuleViolation(PostMessages.contentTooLong));
  });
});

describe('mediaTypeOf', () => {
  it('guesses image, video and audio from the extension', () => {
    expect(mediaTypeOf('/api/media/posts/x.PNG')).toBe('image');
    expect(mediaTypeOf('/api/media/posts/x.webm')).toBe('video');
    expect(mediaTypeOf('/api/media/posts/x.m4a')).toBe('audio');
    expect(mediaTypeOf('/api/media/posts/x.bin')).toBe('');
    expect(mediaTypeOf('')).toBe('');
  });
});
