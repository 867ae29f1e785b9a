import { patchPostIn, removePostIn, toggledLike } from './cache';
import { makePost } from './fixtures';
import type { Post } from './types';

const post = (id: string, likes = 0): Post => makePost({ id, content: `post ${id}`, likes_count: likes });

const like = (p: Post): Post => ({ ...p, likes_count: p.likes_count + 1, is_liked: true });

describe('patchPostIn', () => {
  it('patches the post in infinite-query pages and keeps the rest as they were', () => {
    const other = post('b');
    const data = {
      pages: [
        { posts: [post('a', 2), other], nextCursor: 'c1' },
        { posts: [post('c')], nextCursor: null },
      ],
      pageParams: [null, 'c1'],
    };
    const next = patchPostIn(data, 'a', like);
    expect(next.pages[0]!.posts[0]).toMatchObject({ id: 'a', likes_count: 3, is_liked: true });
    expect(next.pages[0]!.posts[1]).toBe(other);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(next.pageParams).toBe(data.pageParams);
  });

  it('patches plain lists and search results', () => {
    expect(patchPostIn([post('a')], 'a', like)[0]!.likes_count).toBe(1);
    const results = { users: [], posts: [post('a')], stories: [post('a')], tags: [] };
    const next = patchPostIn(results, 'a', like);
    expect(next.posts[0]!.likes_count).toBe(1);
    expect(next.stories[0]!.likes_count).toBe(1);
    expect(next.users).toBe(results.users);
  });

  it('returns the same data when no post matches, and leaves non-posts with the same id alone', () => {
    const data = [post('a')];
    expect(patchPostIn(data, 'zzz', like)).toBe(data);
    const comment = { id: 'a', likes_count: 1, content: 'hi' };
    expect(patchPostIn([comment], 'a', like)[0]).toBe(comment);
    expect(patchPostIn(undefined, 'a', like)).toBeUndefined();
  });
});

describe('removePostIn', () => {
  it('drops the post from infinite-query pages and search results, keeping the rest as they were', () => {
    const kept = { items: [post('b')], nextCursor: null };
    const data = {
      pages: [{ items: [post('a'), post('c')], nextCursor: 'c1' }, kept],
      pageParams: [null, 'c1'],
    };
    const next = removePostIn(data, 'a');
    expect(next.pages[0].items.map((p) => p.id)).toEqual(['c']);
    expect(next.pages[1]).toBe(kept);
    expect(next.pageParams).toBe(data.pageParams);
    const search = { users: [], posts: [post('a')], stories: [post('s')], tags: [] };
    expect(removePostIn(search, 'a')).toEqual({ ...search, posts: [] });
  });

  it('returns the same data when the post is in none, and leaves non-posts with that id alone', () => {
    const data = [post('a'), { id: 'x', name: 'not a post' }];
    expect(removePostIn(data, 'b')).toBe(data);
    expect(removePostIn(data, 'x')).toBe(data);
  });
});

describe('toggledLike', () => {
  it('likes and unlikes by one', () => {
    expect(toggledLike({ is_liked: false, likes_count: 4 })).toEqual({ is_liked: true, likes_count: 5 });
    expect(toggledLike({ is_liked: true, likes_count: 5 })).toEqual({ is_liked: false, likes_count: 4 });
  });

  it('never goes below 0', () => {
    expect(toggledLike({ is_liked: true, likes_count: 0 })).toEqual({ is_liked: false, likes_count: 0 });
  });
});
