import type { DomainEvent } from '@aura/platform';
import type { EventType } from '@aura/proto';
import { draftsFor, formatAc, NOTIFYING_EVENTS, rewardedCause } from './notification-rules';

const event = (type: EventType, payload: unknown): DomainEvent =>
  ({ id: 'e1', type, version: 1, key: 'k', occurredAt: '', producer: 'test', payload }) as DomainEvent;

const [author, fan, other, third] = ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24), 'd'.repeat(24)];

describe('notification rules', () => {
  it('a like notifies the author, once per post and liker, never the author liking their own post', () => {
    const like = (likerId: string) =>
      draftsFor(
        event('post.liked', { postId: 'p1', authorId: author, likerId, likesCount: 1, changedAt: '' }),
      );
    expect(like(fan)).toEqual([
      expect.objectContaining({
        key: `like:post:p1:${fan}`,
        userId: author,
        type: 'like',
        actorId: fan,
        message: '{actor} liked your post',
        refs: { post_id: 'p1' },
      }),
    ]);
    expect(like(author)).toEqual([]);
    expect(like(fan)[0].coinsMicro).toBeUndefined();
  });

  it('a comment notifies the post author, the parent author of a reply and the mentioned, once each', () => {
    const drafts = draftsFor(
      event('comment.created', {
        commentId: 'c1',
        postId: 'p1',
        postAuthorId: author,
        commenterId: fan,
        parentCommentId: 'c0',
        parentAuthorId: other,
        mentionedUserIds: [author, third, fan],
        createdAt: '',
      }),
    );
    expect(drafts.map((d) => [d.userId, d.type, d.title])).toEqual([
      [author, 'comment', 'New comment'],
      [other, 'comment', 'New reply'],
      [third, 'mention', 'You were mentioned'],
    ]);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(3);
  });

  it("commenting on one's own post notifies nobody but the mentioned", () => {
    const drafts = draftsFor(
      event('comment.created', {
        commentId: 'c2',
        postId: 'p1',
        postAuthorId: author,
        commenterId: author,
        parentCommentId: '',
        parentAuthorId: '',
        mentionedUserIds: [author, fan],
        createdAt: '',
      }),
    );
    expect(drafts.map((d) => [d.userId, d.type])).toEqual([[fan, 'mention']]);
  });

  it('mentions in posts and stories; follows; never self', () => {
    const post = draftsFor(
      event('story.created', {
        postId: 's1',
        authorId: author,
        isStory: true,
        mentionedUserIds: [fan, author],
      }),
    );
    expect(post.map((d) => [d.userId, d.message])).toEqual([[fan, '{actor} mentioned you in a story']]);
    expect(draftsFor(event('user.followed', { followerId: fan, followeeId: author }))).toEqual([
      expect.objectContaining({ userId: author, type: 'follow', key: `follow:${fan}:${author}` }),
    ]);
    expect(draftsFor(event('user.followed', { followerId: fan, followeeId: fan }))).toEqual([]);
  });

  it('a tip carries the coin earned and the tip message', () => {
    const [tip] = draftsFor(
      event('tip.sent', {
        transferId: 't1',
        senderId: fan,
        recipientId: author,
        amountMicro: 1_500_000,
        message: ' thanks! ',
        sentAt: '',
      }),
    );
    expect(tip).toMatchObject({
      userId: author,
      type: 'tip',
      coinsMicro: 1_500_000,
      message: '{actor} sent you 1.5 AC: “thanks!”',
      refs: { transfer_id: 't1' },
    });
  });

  it('a withdrawal decision notifies the member either way, from nobody', () => {
    const processed = (status: string, adminNotes = '') =>
      draftsFor(
        event('withdrawal.processed', {
          withdrawalId: 'w1',
          userId: author,
          status,
          amountUsdMicro: 25_000_000,
          amountMicro: 20_000_000,
          adminNotes,
          payoutReference: status === 'approved' ? 'AURA-PO-ABC' : '',
          adminId: fan,
          processedAt: '',
        }),
      );
    expect(processed('approved')).toEqual([
      {
        key: 'withdrawal:w1',
        userId: author,
        type: 'withdrawal',
        title: 'Withdrawal approved',
        message:
          'Your withdrawal of $25.00 to PayPal was approved (reference AURA-PO-ABC). It reaches your PayPal account in 1 to 3 business days.',
        actorId: '',
        refs: { withdrawal_id: 'w1', status: 'approved' },
      },
    ]);
    expect(processed('rejected', ' email not verified ')[0]).toMatchObject({
      key: 'withdrawal:w1',
      title: 'Withdrawal rejected',
      message:
        'Your withdrawal of $25.00 was rejected: email not verified. The 20 AC held for it are back in your wallet.',
    });
    expect(processed('rejected')[0].message).toBe(
      'Your withdrawal of $25.00 was rejected. The 20 AC held for it are back in your wallet.',
    );
  });

  it('formats AC truncated to 3 decimals', () => {
    expect(formatAc(1_500_000)).toBe('1.5');
    expect(formatAc(1_000)).toBe('0.001');
    expect(formatAc(1_500)).toBe('0.001');
    expect(formatAc(12_000_000)).toBe('12');
    expect(formatAc(10_000)).toBe('0.01');
  });

  it('lists the events it consumes', () => {
    expect(NOTIFYING_EVENTS).toEqual(
      expect.arrayContaining([
        'post.liked',
        'comment.created',
        'post.created',
        'user.followed',
        'tip.sent',
        'withdrawal.processed',
      ]),
    );
  });

  it('finds the notification a reward belongs to (likes and comments received only)', () => {
    const reward = (reason: string, sourceId: string) => ({
      transferId: 't',
      userId: author,
      reason,
      amountMicro: 10_000,
      sourceId,
      superAuraBonus: false,
      paidAt: '',
    });
    expect(rewardedCause(reward('like_received', `p1:${fan}`))).toBe(`like:post:p1:${fan}`);
    expect(rewardedCause(reward('comment_received', 'c1'))).toBe(`comment:c1:${author}`);
    for (const reason of ['post_created', 'comment_written', 'check_in', 'reflection'])
      expect(rewardedCause(reward(reason, 'x'))).toBeUndefined();
  });
});

describe('data export notification', () => {
  it('tells the member their export is ready and until when, once per export', () => {
    const drafts = draftsFor(
      event('data_export.ready', {
        ownerId: author,
        exportId: 'x1',
        size: 2048,
        expiresAt: '2026-12-05T10:00:00.000Z',
        readyAt: '2026-11-28T10:00:00.000Z',
      }),
    );
    expect(drafts).toEqual([
      expect.objectContaining({
        key: 'data-export:x1',
        userId: author,
        type: 'system',
        title: 'Your data export is ready',
        message: 'Your Aura data is ready to download from Settings → Privacy until Sat, 05 Dec 2026.',
        actorId: '',
        refs: { data_export_id: 'x1' },
      }),
    ]);
  });
});

describe('moderation notifications', () => {
  const taken = (action: string, extra: Record<string, string> = {}) =>
    draftsFor(
      event('moderation.action_taken', {
        actionId: `a-${action}`,
        caseId: 'c1',
        action,
        reason: 'Reviewed again',
        adminId: fan,
        memberId: author,
        targetType: 'member',
        targetId: author,
        contextId: '',
        until: '',
        takenAt: '2026-11-28T10:00:00.000Z',
        liftsActionId: '',
        ...extra,
      }),
    );

  it('tells the member a restriction was lifted, and nothing when a report is dismissed', () => {
    expect(taken('lift', { liftsActionId: 'a-suspend' })).toEqual([
      expect.objectContaining({
        key: 'moderation:a-lift',
        userId: author,
        type: 'system',
        title: 'Restriction lifted',
        message:
          'The moderators lifted the restriction on your account: you can post, message, tip and withdraw again. Reason: Reviewed again',
        actorId: '',
      }),
    ]);
    expect(taken('dismiss')).toEqual([]);
  });
});
