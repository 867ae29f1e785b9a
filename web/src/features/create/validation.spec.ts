import {
  createdMessage,
  createModeOf,
  isPostCategory,
  POST_CATEGORIES,
  toCreatePostRequest,
  validateDraft,
  type CreateDraft,
} from './validation';

const draft = (patch: Partial<CreateDraft> = {}): CreateDraft => ({
  mode: 'post',
  content: '',
  category: 'general',
  media: null,
  ...patch,
});
const media = { file_url: '/api/media/posts/a.jpg', file_type: 'image', filename: 'a.jpg' };

describe('create dialog rules (spec 000 §5, §8)', () => {
  it('offers the five post categories', () => {
    expect(POST_CATEGORIES).toEqual(['general', 'lifestyle', 'technology', 'inspiration', 'personal']);
    expect(isPostCategory('wellness')).toBe(false);
    expect(isPostCategory('personal')).toBe(true);
  });

  it('needs non-blank content or media, with the message of the mode', () => {
    expect(validateDraft(draft())).toBe('Please add content or media to your post');
    expect(validateDraft(draft({ content: '   \n' }))).toBe('Please add content or media to your post');
    expect(validateDraft(draft({ mode: 'story' }))).toBe('Please add content or media to your story');
    expect(validateDraft(draft({ content: 'hello' }))).toBeNull();
    expect(validateDraft(draft({ media }))).toBeNull();
  });

  it('sends text posts as text and posts with media as multimedia', () => {
    expect(
      toCreatePostRequest(draft({ content: '  Calm morning #gratitude ', category: 'personal' })),
    ).toEqual({
      content: 'Calm morning #gratitude',
      content_type: 'text',
      category: 'personal',
      media_url: null,
      is_story: false,
    });
    expect(toCreatePostRequest(draft({ mode: 'story', media }))).toEqual({
      content: '',
      content_type: 'multimedia',
      category: 'general',
      media_url: '/api/media/posts/a.jpg',
      is_story: true,
    });
  });

  it('opens in story mode only when asked', () => {
    expect(createModeOf({ mode: 'story' })).toBe('story');
    expect(createModeOf({ mode: 'post' })).toBe('post');
    expect(createModeOf(undefined)).toBe('post');
  });

  it('announces success by mode', () => {
    expect(createdMessage('story')).toBe('Story created successfully!');
    expect(createdMessage('post')).toBe('Post created successfully!');
  });
});
