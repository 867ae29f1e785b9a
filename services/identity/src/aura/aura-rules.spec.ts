import { applyAura, AURA_MOVES, clampAura } from './aura-rules';
import { actorOf, auraChangesFor } from './aura.consumer';

const at = '2026-03-04T10:00:00.000Z';

describe('aura rules', () => {
  it('moves as PRODUCT-DECISIONS.md says: +2, +10, +1 (20 a day), +2 (20 a day)', () => {
    expect(AURA_MOVES).toEqual({
      check_in: { delta: 2, dailyLimit: 1 },
      reflection: { delta: 10, dailyLimit: 1 },
      like_received: { delta: 1, dailyLimit: 20 },
      comment_received: { delta: 2, dailyLimit: 20 },
    });
  });

  it('clamps to 0-1000 and reports the change actually applied', () => {
    expect(applyAura(100, 2)).toEqual({ score: 102, applied: 2 });
    expect(applyAura(995, 10)).toEqual({ score: 1000, applied: 5 });
    expect(applyAura(1000, 2)).toEqual({ score: 1000, applied: 0 });
    expect(applyAura(3, -10)).toEqual({ score: 0, applied: -3 });
    expect(clampAura(1200)).toBe(1000);
  });
});

describe('aura moves from events', () => {
  it('a like received, once per post and liker; never for liking oneself', () => {
    const like = { postId: 'p', authorId: 'a', likerId: 'b', changedAt: at };
    expect(auraChangesFor('post.liked', like, at)).toEqual([
      { userId: 'a', reason: 'like_received', key: 'like_received:p:b', at: new Date(at) },
    ]);
    expect(auraChangesFor('post.liked', { ...like, likerId: 'a' }, at)).toEqual([]);
    expect(auraChangesFor('post.unliked', like, at)).toEqual([]);
  });

  it('a comment received from another member', () => {
    const comment = { commentId: 'c', postId: 'p', postAuthorId: 'a', commenterId: 'b', createdAt: at };
    expect(auraChangesFor('comment.created', comment, at)).toEqual([
      { userId: 'a', reason: 'comment_received', key: 'comment_received:c', at: new Date(at) },
    ]);
    expect(auraChangesFor('comment.created', { ...comment, commenterId: 'a' }, at)).toEqual([]);
  });

  it("the first check-in and reflection of the day, keyed like the request's own change", () => {
    const checkin = { userId: 'a', checkinId: 'x', firstOfDay: true, day: '2026-03-04', createdAt: at };
    expect(auraChangesFor('mood.checked_in', checkin, at)).toEqual([
      { userId: 'a', reason: 'check_in', key: 'check_in:a:2026-03-04', at: new Date(at) },
    ]);
    expect(auraChangesFor('mood.checked_in', { ...checkin, firstOfDay: false }, at)).toEqual([]);
    const reflection = { userId: 'a', reflectionId: 'y', firstOfDay: true, day: '2026-03-04', createdAt: at };
    expect(auraChangesFor('reflection.created', reflection, at)).toEqual([
      { userId: 'a', reason: 'reflection', key: 'reflection:a:2026-03-04', at: new Date(at) },
    ]);
  });

  it('names who acted, for the engagement rate', () => {
    expect(actorOf('post.created', { authorId: 'a', createdAt: at }, at)).toEqual({
      userId: 'a',
      at: new Date(at),
    });
    expect(actorOf('post.liked', { likerId: 'b', changedAt: at }, at)).toEqual({
      userId: 'b',
      at: new Date(at),
    });
    expect(actorOf('comment.created', { commenterId: 'c', createdAt: '' }, at)).toEqual({
      userId: 'c',
      at: new Date(at),
    });
    expect(actorOf('user.followed', {}, at)).toBeUndefined();
  });
});
