import { makeAuthor, makePost } from './fixtures';
import { sharePost, ShareUnavailableError, shareTextOf } from './post-share';

const post = makePost({ content: '  Sunrise walk #calm  ', user: makeAuthor({ username: 'luna_92' }) });

const abort = () => Object.assign(new Error('Share canceled'), { name: 'AbortError' });

describe('shareTextOf', () => {
  it('is the trimmed text, a dash and the author', () => {
    expect(shareTextOf(post)).toBe('Sunrise walk #calm — @luna_92');
  });

  it('names the author alone for a post of media only', () => {
    expect(shareTextOf({ ...post, content: '   ' })).toBe('Post by @luna_92');
  });
});

describe('sharePost', () => {
  it('uses the Web Share API when there is one, with the text only', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn();
    expect(await sharePost(post, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ text: 'Sunrise walk #calm — @luna_92' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies to the clipboard when there is no share sheet', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    expect(await sharePost(post, { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('Sunrise walk #calm — @luna_92');
  });

  it('a closed share sheet is no failure and copies nothing', async () => {
    const writeText = jest.fn();
    const share = jest.fn().mockRejectedValue(abort());
    expect(await sharePost(post, { share, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('falls back to the clipboard when the share sheet refuses', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    expect(await sharePost(post, { share, clipboard: { writeText } })).toBe('copied');
  });

  it('fails clearly with neither', async () => {
    await expect(sharePost(post, {})).rejects.toBeInstanceOf(ShareUnavailableError);
  });
});
