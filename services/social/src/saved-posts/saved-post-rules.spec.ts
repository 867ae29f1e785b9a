import {
  canSaveAnother,
  cutSavedPage,
  MAX_SAVED_POSTS,
  SavedPostMessages,
  savePosition,
} from './saved-post-rules';

const save = (n: number) => ({ _id: `m:p${n}`, savedAt: new Date(10_000 - n * 1000) });
/** Saves 0..count-1, newest first; those in `gone` have no post (removed, or the author blocked). */
const read = (count: number, gone: number[] = []) =>
  Array.from({ length: count }, (_, n) => ({
    save: save(n),
    post: gone.includes(n) ? undefined : { id: `p${n}` },
  }));
const ids = (page: { post: { id: string } }[]) => page.map((entry) => entry.post.id);

describe('the saved posts limit', () => {
  it('lets a member save up to 1000 posts, and says so clearly', () => {
    expect(MAX_SAVED_POSTS).toBe(1000);
    expect(canSaveAnother(0)).toBe(true);
    expect(canSaveAnother(999)).toBe(true);
    expect(canSaveAnother(1000)).toBe(false);
    expect(canSaveAnother(2, 2)).toBe(false);
    expect(SavedPostMessages.tooMany).toBe('You can save at most 1000 posts');
  });
});

describe('cutSavedPage', () => {
  it('answers the first `limit` posts and continues after the last one shown when more were read', () => {
    const { page, next } = cutSavedPage(read(4), 3, false);
    expect(ids(page)).toEqual(['p0', 'p1', 'p2']);
    expect(next).toEqual(savePosition(save(2)));
    expect(next).toEqual({ score: 8000, id: 'm:p2' });
  });

  it('leaves out saves without a post and never shows them on a later page', () => {
    const { page, next } = cutSavedPage(read(6, [1, 2]), 3, false);
    expect(ids(page)).toEqual(['p0', 'p3', 'p4']);
    expect(next).toEqual(savePosition(save(4)));
  });

  it('ends when the saves ran out and no more than a page was left', () => {
    expect(cutSavedPage(read(3), 3, true)).toEqual({ page: read(3), next: undefined });
    expect(cutSavedPage([], 3, true)).toEqual({ page: [], next: undefined });
  });

  it('continues after the last save read when the reads stopped short of a page', () => {
    const { page, next } = cutSavedPage(read(5, [0, 1, 2, 3]), 3, false);
    expect(ids(page)).toEqual(['p4']);
    expect(next).toEqual(savePosition(save(4)));
    expect(cutSavedPage(read(2, [0, 1]), 3, false).next).toEqual(savePosition(save(1)));
  });
});
