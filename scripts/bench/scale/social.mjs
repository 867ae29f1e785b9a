// Social's documents of the community: its members projection (with follow counts that match the
// follows), posts (with likesCount / engagementScore that match the likes), likes, follows, and
// Explore's projections of the posts, likes, tips and aura changes (explore.schema.ts, through
// explore.repository.ts's models).
// Schemas: services/social/src/members/member.schema.ts, posts/post.schema.ts, likes/like.schema.ts,
// follows/follow.schema.ts, explore/explore.schema.ts. Search's words (members' nameWords, posts'
// contentPrefixes) come from the service's own functions (common/search-words.ts), as it writes them.
// Redis holds only copies that social rebuilds from MongoDB on a read (timelines, follow sets, ...):
// the loader leaves it empty (load.mjs deletes the suffix's old keys).
import { insertAll, schemaDefaults, serviceModules } from './bulk.mjs';
import { transferIds } from './economy.mjs';
import { postContent, utcDay, utcHour, uuidOf } from './plan.mjs';

export const service = 'social';
/** The build modules whose schemas this loader writes (a change of one reloads the data). */
export const sources = {
  members: 'members/member.schema.js',
  posts: 'posts/post.schema.js',
  likes: 'likes/like.schema.js',
  follows: 'follows/follow.schema.js',
  explore: 'explore/explore.repository.js',
  exploreSchema: 'explore/explore.schema.js',
  words: 'common/search-words.js',
};

export async function load(community, { connection }) {
  const dist = serviceModules(service, sources);
  const { postLikeId } = dist.likes;
  const { followId } = dist.follows;
  const members = dist.members.memberModel(connection);
  const posts = dist.posts.postModel(connection);
  const likes = dist.likes.postLikeModel(connection);
  const follows = dist.follows.followModel(connection);
  const explore = new dist.explore.ExploreRepository(connection);
  const words = dist.words;
  const options = (model) => ({ owner: service, model });

  const likesOfPost = new Int32Array(community.posts.count);
  for (let k = 0; k < community.likes.count; k += 1) likesOfPost[community.likes.post[k]] += 1;

  const counts = {
    members: await insertAll(
      members,
      memberDocs(community, schemaDefaults(members), words),
      options(members),
    ),
    posts: await insertAll(
      posts,
      postDocs(community, schemaDefaults(posts), likesOfPost, words),
      options(posts),
    ),
    post_likes: await insertAll(likes, likeDocs(community, postLikeId), options(likes)),
    follows: await insertAll(follows, followDocs(community, followId), options(follows)),
    ...(await loadExplore(community, explore)),
  };
  return counts;
}

function* memberDocs({ members, follows, aura, lastActive }, defaults, { nameWordsOf }) {
  const followers = new Int32Array(members.length);
  const following = new Int32Array(members.length);
  for (let k = 0; k < follows.count; k += 1) {
    followers[follows.followee[k]] += 1;
    following[follows.follower[k]] += 1;
  }
  for (const member of members) {
    yield {
      ...defaults,
      _id: member.id,
      username: member.username,
      usernameLower: member.username.toLowerCase(),
      displayName: member.displayName,
      displayNameLower: member.displayName.toLowerCase(),
      nameWords: nameWordsOf(member.username, member.displayName),
      auraScore: aura.score[member.index],
      role: 'user',
      bio: member.bio,
      followersCount: followers[member.index],
      followingCount: following[member.index],
      createdAt: new Date(member.createdAt),
      lastActiveAt: new Date(lastActive[member.index]),
      profileChangedAt: new Date(member.profileEditedAt),
      auraChangedAt: new Date(aura.changedAt[member.index] || member.createdAt),
    };
  }
}

function* postDocs({ members, posts }, defaults, likesOfPost, { contentPrefixesOf }) {
  for (let p = 0; p < posts.count; p += 1) {
    const { content, tags, category } = postContent(p);
    yield {
      ...defaults,
      _id: posts.id[p],
      authorId: members[posts.author[p]].id,
      content,
      contentLower: content.toLowerCase(),
      contentPrefixes: contentPrefixesOf(content),
      contentType: 'text',
      category,
      isStory: false,
      tags,
      likesCount: likesOfPost[p],
      // likes + 2 x comments + 3 x tips (the community has no comments; tips go to members).
      engagementScore: likesOfPost[p],
      createdAt: new Date(posts.at[p]),
    };
  }
}

function* likeDocs({ members, posts, likes }, postLikeId) {
  for (let k = 0; k < likes.count; k += 1) {
    const postId = posts.id[likes.post[k]];
    const userId = members[likes.member[k]].id;
    yield { _id: postLikeId(postId, userId), postId, userId, createdAt: new Date(likes.at[k]) };
  }
}

function* followDocs({ members, follows }, followId) {
  for (let k = 0; k < follows.count; k += 1) {
    const followerId = members[follows.follower[k]].id;
    const followeeId = members[follows.followee[k]].id;
    yield {
      _id: followId(followerId, followeeId),
      followerId,
      followeeId,
      createdAt: new Date(follows.at[k]),
    };
  }
}

/**
 * Explore's projections, as its consumer leaves them once every event is handled: one tag use per
 * post and tag, an act per post, like and tip, a tip per tip transfer, an aura change per applied
 * like_received, and the day/hour counters (one document per key) summed from them.
 */
async function loadExplore(community, explore) {
  const { members, posts, likes, aura, transfers } = community;
  const ids = transferIds(community);
  const tagDays = new Map();
  const tagHours = new Map();
  const activityDays = new Map();
  const bump = (counter, key) => counter.set(key, (counter.get(key) ?? 0) + 1);

  function* tagUses() {
    for (let p = 0; p < posts.count; p += 1) {
      const at = posts.at[p];
      const [day, hour] = [utcDay(at), utcHour(at)];
      for (const tag of postContent(p).tags) {
        bump(tagDays, `${day}\t${tag}`);
        bump(tagHours, `${hour}\t${tag}`);
        yield { _id: `${posts.id[p]}:${tag}`, postId: posts.id[p], tag, day, hour, at: new Date(at) };
      }
    }
  }
  function* acts() {
    const act = (_id, kind, actor, at) => {
      const day = utcDay(at);
      bump(activityDays, `${day}\t${kind}`);
      return { _id, kind, actorId: members[actor].id, day, at: new Date(at) };
    };
    for (let p = 0; p < posts.count; p += 1)
      yield act(`post:${posts.id[p]}`, 'post', posts.author[p], posts.at[p]);
    for (let k = 0; k < likes.count; k += 1)
      yield act(
        `like:${posts.id[likes.post[k]]}:${members[likes.member[k]].id}`,
        'like',
        likes.member[k],
        likes.at[k],
      );
    for (let t = 0; t < transfers.length; t += 1)
      if (transfers[t].kind === 'tip')
        yield act(`tip:${ids.ids[t]}`, 'tip', transfers[t].from, transfers[t].at);
  }
  function* tips() {
    for (let t = 0; t < transfers.length; t += 1) {
      const tip = transfers[t];
      if (tip.kind !== 'tip') continue;
      yield {
        _id: ids.ids[t],
        senderId: members[tip.from].id,
        recipientId: members[tip.to].id,
        amountMicro: tip.amountMicro,
        at: new Date(tip.at),
      };
    }
  }
  function* auraChanges() {
    for (const k of aura.order) {
      if (aura.state[k] !== 1 || aura.applied[k] === 0) continue;
      const key = `like_received:${posts.id[likes.post[k]]}:${members[likes.member[k]].id}`;
      yield {
        // The event id of the user.aura_changed identity published (explore keys aura changes by it).
        _id: uuidOf(`aura-event:${key}`),
        userId: members[posts.author[likes.post[k]]].id,
        delta: aura.applied[k],
        at: new Date(likes.at[k]),
      };
    }
  }
  /** Counters from `counter` ("<bucket>\t<name>" → count), e.g. { day, tag } or { hour, tag }. */
  function* counters(counter, bucketField, nameField) {
    for (const [key, count] of counter) {
      const [bucket, name] = key.split('\t');
      yield { _id: `${bucket}:${name}`, [bucketField]: bucket, [nameField]: name, count };
    }
  }
  const options = (model) => ({ owner: service, model });
  const counts = {
    explore_tag_uses: await insertAll(explore.tagUses, tagUses(), options(explore.tagUses)),
    explore_activity: await insertAll(explore.activity, acts(), options(explore.activity)),
    explore_tips: await insertAll(explore.tips, tips(), options(explore.tips)),
    explore_aura_changes: await insertAll(explore.auraChanges, auraChanges(), options(explore.auraChanges)),
  };
  counts.explore_tag_days = await insertAll(
    explore.tagDays,
    counters(tagDays, 'day', 'tag'),
    options(explore.tagDays),
  );
  counts.explore_tag_hours = await insertAll(
    explore.tagHours,
    counters(tagHours, 'hour', 'tag'),
    options(explore.tagHours),
  );
  counts.explore_activity_days = await insertAll(
    explore.activityDays,
    counters(activityDays, 'day', 'kind'),
    options(explore.activityDays),
  );
  return counts;
}
