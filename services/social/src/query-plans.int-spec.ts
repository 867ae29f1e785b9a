// The queries social's request paths run are served by an index: each is explained against MongoDB
// with the indexes social declares, and its plan must hold an IXSCAN and no COLLSCAN. The filters come
// from the code's own query builders where it has them (PostQueries, CommentQueries, SearchQueries,
// RankingQueries), else they are written as the repository writes them.
import { explainFind, planStages } from '@aura/platform';
import type { Model, mongo } from 'mongoose';
import { blockModel } from './blocks/block.schema';
import { CommentQueries } from './comments/comments.repository';
import { createdIn } from './common/created-window';
import { EdgeRemovals } from './common/edges.repository';
import { RankingQueries } from './explore/explore-rankings.repository';
import { searchWindows } from './explore/explore.service';
import { SearchQueries } from './explore/search.repository';
import { ExploreRepository } from './explore/explore.repository';
import { followId } from './follows/follow.schema';
import { FollowsRepository } from './follows/follows.repository';
import { commentLikeId, postLikeId } from './likes/like.schema';
import { LikesRepository } from './likes/likes.repository';
import { ExportQueries } from './member-export/member-export';
import { MembersRepository } from './members/members.repository';
import { muteId } from './mutes/mute.schema';
import { MutedWordsRepository } from './mutes/muted-words.repository';
import { MutesRepository } from './mutes/mutes.repository';
import { PostQueries, PostsRepository } from './posts/posts.repository';
import { HiddenPostsRepository } from './hidden-posts/hidden-posts.repository';
import { hiddenPostId } from './hidden-posts/hidden-post.schema';
import { savedPostId } from './saved-posts/saved-post.schema';
import { SavedPostQueries, SavedPostsRepository } from './saved-posts/saved-posts.repository';
import { CommentsRepository } from './comments/comments.repository';
import { Harness, startHarness } from './test-support/harness';

let h: Harness;
let explore: ExploreRepository;
let posts: PostsRepository;
let members: MembersRepository;
let me: string, friend: string, postId: string, commentId: string;

beforeAll(async () => {
  h = await startHarness('plans');
  posts = h.app.get(PostsRepository);
  members = h.app.get(MembersRepository);
  explore = new ExploreRepository(h.runtime.mongo);
  await explore.ensureIndexes();
  // A little of everything, so the planner has documents and index entries to choose between.
  [me, friend] = await Promise.all([h.member(), h.member()]);
  await h.api.follow(me, { userId: friend });
  for (let i = 0; i < 5; i++) {
    h.clock.advance(1);
    postId = (await h.api.createPost(friend, { content: `post ${i} #plans` })).id;
  }
  await h.api.createPost(friend, { content: 'a story', isStory: true });
  await h.api.togglePostLike(me, { postId });
  commentId = (await h.api.createComment(me, { postId, content: 'hello' })).id;
  await h.api.toggleCommentLike(friend, { commentId });
});

afterAll(async () => {
  await h?.close();
});

/**
 * The plan of a find on the model's collection: an index scan (IXSCAN, or EXPRESS_IXSCAN for an `_id`
 * lookup), never a collection scan.
 */
async function expectIndexed<T>(
  model: Model<T>,
  filter: object,
  options: { sort?: mongo.Sort; limit?: number } = {},
): Promise<void> {
  const collection = h.runtime.mongo.db!.collection(model.collection.collectionName);
  const stages = await explainFind(collection, filter as mongo.Filter<mongo.Document>, options);
  expect({ filter, stages }).toEqual({
    filter,
    stages: expect.arrayContaining([expect.stringMatching(/IXSCAN$/)]),
  });
  expect(stages).not.toContain('COLLSCAN');
}

interface IndexScan {
  index: string;
  bounds: Record<string, string[]>;
}

/** The winning plan's stages and index scans, and how many other plans the server weighed. */
async function planOf<T>(model: Model<T>, filter: object, sort?: object) {
  const collection = h.runtime.mongo.db!.collection(model.collection.collectionName);
  let cursor = collection.find(filter as mongo.Filter<mongo.Document>);
  if (sort) cursor = cursor.sort(sort as mongo.Sort);
  const { queryPlanner } = (await cursor.explain('queryPlanner')) as {
    queryPlanner: { winningPlan: unknown; rejectedPlans?: unknown[] };
  };
  const scans: IndexScan[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const stage = node as { stage?: string; indexName?: string; indexBounds?: IndexScan['bounds'] };
    if (stage.stage?.endsWith('IXSCAN')) scans.push({ index: stage.indexName!, bounds: stage.indexBounds! });
    visit((node as { inputStage?: unknown }).inputStage);
    ((node as { inputStages?: unknown[] }).inputStages ?? []).forEach(visit);
  };
  visit(queryPlanner.winningPlan);
  return {
    stages: planStages(queryPlanner.winningPlan),
    scans,
    rejected: queryPlanner.rejectedPlans?.length ?? 0,
  };
}

/**
 * A search find is one range of its words index (bounds [prefix, prefix+1) on the words) and the only
 * plan the server weighs: this engine costs every key within a plan's bounds, whatever the limit, so a
 * competing plan over a whole-collection index (by aura, newest first) would cost the collection.
 */
async function expectWordsRange<T>(
  model: Model<T>,
  find: { filter: object; sort?: object },
  expected: { index: string; field: string; range: string },
): Promise<IndexScan> {
  const plan = await planOf(model, find.filter, find.sort);
  expect({ filter: find.filter, stages: plan.stages, rejected: plan.rejected }).toEqual({
    filter: find.filter,
    stages: expect.not.arrayContaining(['COLLSCAN']),
    rejected: 0,
  });
  expect(plan.scans).toHaveLength(1);
  expect(plan.scans[0].index).toBe(expected.index);
  expect(plan.scans[0].bounds[expected.field]).toEqual([expected.range]);
  return plan.scans[0];
}

const query = (q: { filter: object; sort?: object }, limit?: number) =>
  [q.filter, { sort: q.sort as mongo.Sort | undefined, limit }] as const;

describe('posts', () => {
  it('timeline rebuilds and a member’s posts', async () => {
    await expectIndexed(posts.model, ...query(PostQueries.newestByAuthors([me, friend]), 800));
    await expectIndexed(posts.model, ...query(PostQueries.newestByAuthors([friend]), 800));
    await expectIndexed(
      posts.model,
      ...query(PostQueries.authorMedia(friend, 'image', { score: Date.now(), id: postId }), 11),
    );
  });

  it('posts by id, recent candidates, the preview and active stories', async () => {
    await expectIndexed(posts.model, ...query(PostQueries.byIds([postId, 'other'])));
    await expectIndexed(
      posts.model,
      ...query(PostQueries.newestSince(new Date(Date.now() - 86_400_000)), 2000),
    );
    await expectIndexed(posts.model, ...query(PostQueries.newestSince(), 10));
    await expectIndexed(posts.model, ...query(PostQueries.activeStories(new Date())));
  });

  it('the landing page counts', async () => {
    await expectIndexed(posts.model, { isStory: false, deleted: false });
    await expectIndexed(posts.model, { isStory: false, deleted: false, createdAt: { $gte: new Date() } });
    await expectIndexed(members.model, { lastActiveAt: { $gte: new Date() } });
  });
});

describe('comments, likes, follows, blocks, members', () => {
  it('comments of a post, first page and later ones', async () => {
    const comments = h.app.get(CommentsRepository).model;
    await expectIndexed(comments, ...query(CommentQueries.page(postId, undefined), 51));
    await expectIndexed(
      comments,
      ...query(CommentQueries.page(postId, { score: Date.now(), id: commentId }), 51),
    );
    await expectIndexed(comments, { postId, deleted: false });
  });

  it('likes: whether a viewer liked, and counts', async () => {
    const likes = h.app.get(LikesRepository);
    await expectIndexed(likes.postLikes, { _id: { $in: [postLikeId(postId, me), postLikeId('x', me)] } });
    await expectIndexed(likes.commentLikes, { _id: { $in: [commentLikeId(commentId, me)] } });
    await expectIndexed(likes.postLikes, { postId });
    await expectIndexed(likes.commentLikes, { commentId });
  });

  it('follows: followers, followees, one follow', async () => {
    const follows = h.app.get(FollowsRepository).model;
    await expectIndexed(follows, { followeeId: friend });
    await expectIndexed(follows, { followerId: me });
    await expectIndexed(follows, { _id: followId(me, friend) });
  });

  it('mutes: the muter’s set, a page of the list, one mute', async () => {
    const mutes = h.app.get(MutesRepository).model;
    await h.api.muteMember(me, { userId: friend });
    await expectIndexed(mutes, { muterId: me });
    const at = new Date();
    await expectIndexed(
      mutes,
      { muterId: me, $or: [{ createdAt: { $lt: at } }, { createdAt: at, _id: { $lt: 'x' } }] },
      { sort: { createdAt: -1, _id: -1 }, limit: 51 },
    );
    await expectIndexed(mutes, { _id: muteId(me, friend) });
    await h.api.unmuteMember(me, { userId: friend });
  });

  it('muted words: a member’s in force, the newest first; one phrase', async () => {
    const words = h.app.get(MutedWordsRepository).model;
    await h.api.muteWord(me, { phrase: 'plans' });
    await expectIndexed(
      words,
      { memberId: me, $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] },
      { sort: { createdAt: -1 } },
    );
    await expectIndexed(words, { memberId: me, phrase: 'plans' });
  });

  it('saved posts: a page of the list, whether saved, the count, a post’s saves', async () => {
    const saved = h.app.get(SavedPostsRepository).model;
    await h.api.savePost(me, { postId });
    for (const position of [undefined, { score: Date.now(), id: 'x' }]) {
      const page = SavedPostQueries.page(me, position);
      await expectIndexed(saved, page.filter, { sort: page.sort, limit: 21 });
    }
    await expectIndexed(saved, { _id: { $in: [savedPostId(me, postId)] } });
    await expectIndexed(saved, { memberId: me });
    await expectIndexed(saved, { postId: { $in: [postId] } });
    await h.api.unsavePost(me, { postId });
  });

  it('hidden posts: the member’s set, one hidden post', async () => {
    const hidden = h.app.get(HiddenPostsRepository).model;
    await h.api.hidePost(me, { postId });
    await expectIndexed(hidden, { memberId: me });
    await expectIndexed(hidden, { _id: hiddenPostId(me, postId) });
    await h.api.unhidePost(me, { postId });
  });

  it('blocks either way, members by id and by username, big authors', async () => {
    await expectIndexed(blockModel(h.runtime.mongo), { $or: [{ blockerId: me }, { blockedId: me }] });
    await expectIndexed(members.model, { _id: { $in: [me, friend] } });
    await expectIndexed(members.model, { usernameLower: { $in: ['a', 'b'] } });
    await expectIndexed(members.model, { followersCount: { $gt: 5000 } });
  });

  it('the sweep’s windows of recent changes', async () => {
    const window = createdIn({ since: new Date(0), until: new Date() });
    const likes = h.app.get(LikesRepository);
    await expectIndexed(likes.postLikes, window);
    await expectIndexed(likes.commentLikes, window);
    await expectIndexed(h.app.get(CommentsRepository).model, window);
    await expectIndexed(h.app.get(FollowsRepository).model, window);
    await expectIndexed(h.app.get(EdgeRemovals).model, window);
  });
});

describe('the data export', () => {
  it('a member’s posts, stories, comments and follows, oldest first, first page and later ones', async () => {
    const comments = h.app.get(CommentsRepository).model;
    const follows = h.app.get(FollowsRepository).model;
    for (const position of [undefined, [Date.now(), 'x'] as const]) {
      await expectIndexed(posts.model, ...query(ExportQueries.content(friend, false, position), 501));
      await expectIndexed(posts.model, ...query(ExportQueries.content(friend, true, position), 501));
      await expectIndexed(comments, ...query(ExportQueries.comments(me, position), 501));
      await expectIndexed(follows, ...query(ExportQueries.following(me, position), 501));
      await expectIndexed(
        h.app.get(SavedPostsRepository).model,
        ...query(ExportQueries.savedPosts(me, position), 501),
      );
    }
  });
});

describe('explore', () => {
  it('search: members, posts, stories and tags, each a short range of a words index', async () => {
    await expectWordsRange(members.model, SearchQueries.members('post'), {
      index: 'nameWords_1',
      field: 'nameWords',
      range: '["post", "posu")',
    });
    const now = new Date();
    for (const window of [...searchWindows(now, false), ...searchWindows(now, true)]) {
      const scan = await expectWordsRange(posts.model, SearchQueries.posts('post', window), {
        index: 'contentPrefixes_1_createdAt_-1',
        field: 'contentPrefixes',
        range: '["post", "post"]',
      });
      // one prefix, so the window narrows the times too (all of them only in the last, open one)
      if (window.to) expect(scan.bounds.createdAt).not.toEqual(['[MaxKey, MinKey]']);
    }
    await expectWordsRange(posts.model, SearchQueries.tagged('plans', { from: null, to: null }), {
      index: 'tags_1_createdAt_-1',
      field: 'tags',
      range: '["plans", "plant")',
    });
    await expectWordsRange(
      explore.tagDays,
      { filter: RankingQueries.tagsStartingWith('plans') },
      {
        index: 'tag_1',
        field: 'tag',
        range: '["plans", "plant")',
      },
    );
  });

  it('the search words backfill finds what it fills through the words indexes', async () => {
    await expectIndexed(members.model, { nameWords: { $exists: false } }, { limit: 500 });
    await expectIndexed(posts.model, { contentPrefixes: { $exists: false } }, { limit: 500 });
  });

  it('trending tags and the creator rankings', async () => {
    await expectIndexed(
      explore.tagHours,
      RankingQueries.trendingBuckets({ unit: 'hour', fromKey: '2026-01-01T00' }),
    );
    await expectIndexed(
      explore.tagDays,
      RankingQueries.trendingBuckets({ unit: 'day', fromKey: '2026-01-01' }),
    );
    await expectIndexed(explore.tips, RankingQueries.tipsSince(new Date(0)));
    await expectIndexed(explore.auraChanges, { at: { $gte: new Date(0) }, delta: { $gt: 0 } });
    await expectIndexed(explore.tips, { recipientId: { $in: [me, friend] }, at: { $gte: new Date(0) } });
    await expectIndexed(explore.auraChanges, { userId: { $in: [me] }, delta: { $gt: 0 } });
    await expectIndexed(explore.activity, { actorId: { $in: [me] }, kind: { $in: ['post', 'like'] } });
    await expectIndexed(explore.activityDays, { kind: { $in: ['like', 'comment', 'tip'] } });
  });
});
