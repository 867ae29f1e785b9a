import { REWARD_RULES, rewardAmount, rewardsFor, utcDay } from './reward-rules';

const at = '2026-03-04T23:59:59.000Z';

describe('reward rules', () => {
  it('pays the amounts of PRODUCT-DECISIONS.md, ×1.5 exactly for SuperAura', () => {
    expect(rewardAmount('post_created', false)).toBe(10_000);
    expect(rewardAmount('post_created', true)).toBe(15_000);
    expect(rewardAmount('like_received', true)).toBe(15_000);
    expect(rewardAmount('comment_received', false)).toBe(50_000);
    expect(rewardAmount('comment_received', true)).toBe(75_000);
    expect(rewardAmount('comment_written', true)).toBe(45_000);
    expect(rewardAmount('check_in', true)).toBe(1_500);
    expect(rewardAmount('reflection', false)).toBe(1_000);
    for (const rule of Object.values(REWARD_RULES)) expect(rule.amountMicro % 2).toBe(0);
  });

  it('limits posts to 20 and comments to 50 a day; likes are once per liker and post instead', () => {
    expect(REWARD_RULES.post_created.dailyLimit).toBe(20);
    expect(REWARD_RULES.comment_received.dailyLimit).toBe(50);
    expect(REWARD_RULES.comment_written.dailyLimit).toBe(50);
    expect(REWARD_RULES.like_received.dailyLimit).toBeUndefined();
  });

  it("rewards the first check-in and reflection of a member's UTC day only, keyed by member and day", () => {
    const checkin = { userId: 'a', checkinId: 'c1', firstOfDay: true, day: '2026-03-04', createdAt: at };
    expect(rewardsFor('mood.checked_in', checkin, at)).toEqual([
      { reason: 'check_in', userId: 'a', sourceId: 'a:2026-03-04', at: new Date(at) },
    ]);
    expect(rewardsFor('mood.checked_in', { ...checkin, checkinId: 'c2', firstOfDay: false }, at)).toEqual([]);
    const reflection = {
      userId: 'a',
      reflectionId: 'r1',
      firstOfDay: true,
      day: '2026-03-04',
      createdAt: at,
    };
    expect(rewardsFor('reflection.created', reflection, at)).toEqual([
      { reason: 'reflection', userId: 'a', sourceId: 'a:2026-03-04', at: new Date(at) },
    ]);
    expect(rewardsFor('reflection.created', { ...reflection, firstOfDay: false }, at)).toEqual([]);
    expect(rewardsFor('reflection.created', { ...reflection, userId: '' }, at)).toEqual([]);
  });

  it('rewards a post, not a story', () => {
    const post = { postId: 'p1', authorId: 'a', isStory: false, createdAt: at };
    expect(rewardsFor('post.created', post, at)).toEqual([
      { reason: 'post_created', userId: 'a', sourceId: 'p1', at: new Date(at) },
    ]);
    expect(rewardsFor('post.created', { ...post, isStory: true }, at)).toEqual([]);
  });

  it('rewards a like to the author, keyed by post and liker, never a like of your own post', () => {
    const like = { postId: 'p1', authorId: 'a', likerId: 'b', changedAt: at };
    expect(rewardsFor('post.liked', like, at)).toEqual([
      { reason: 'like_received', userId: 'a', sourceId: 'p1:b', at: new Date(at) },
    ]);
    expect(rewardsFor('post.liked', { ...like, likerId: 'a' }, at)).toEqual([]);
    expect(rewardsFor('post.unliked', like, at)).toEqual([]);
  });

  it('rewards a comment to the post author and to the commenter, not on your own post', () => {
    const comment = { commentId: 'c1', postId: 'p1', postAuthorId: 'a', commenterId: 'b', createdAt: at };
    expect(rewardsFor('comment.created', comment, at).map((r) => [r.reason, r.userId, r.sourceId])).toEqual([
      ['comment_received', 'a', 'c1'],
      ['comment_written', 'b', 'c1'],
    ]);
    expect(rewardsFor('comment.created', { ...comment, commenterId: 'a' }, at)).toEqual([]);
  });

  it('counts days in UTC, from when the action happened', () => {
    expect(utcDay(new Date(at))).toBe('2026-03-04');
    const [claim] = rewardsFor('post.created', { postId: 'p', authorId: 'a', createdAt: '' }, at);
    expect(claim.at.toISOString()).toBe(at);
  });
});
