// The community the scale scenario loads: who the members are and what they did, as plain facts
// (member and post indexes, times), independent of how each service stores them. The service
// modules (identity.mjs, social.mjs, ...) turn these facts into the documents each service writes.
//
// Deterministic: one seeded PRNG, so a profile always makes the same community (the same ids), and
// the empty and the full database give the measured member the same amount of their own data.
//
// Shape of the community (a few members are popular, most are not):
// - popularity of member i (0 = most popular) ~ 1 / (i + 2): who gets followed, liked, visited;
// - posts: authors weighted by the square root of popularity, spread over the last 90 days;
// - likes: per post ~ author popularity^0.7 x a log-normal factor, given within about a day;
// - follows: each member follows ~follows/members others, chosen by popularity;
// - conversations: ~10 messages each, between an active member and a popular one, last 60 days;
// - ledger: top-ups fund the senders, then tips and member-to-member transfers (economy.mjs).
import { createHash } from 'node:crypto';

/** The sizes of each profile. `full` is issue 17's "realistic community". */
export const PROFILES = {
  full: {
    members: 10_000,
    posts: 200_000,
    likes: 1_000_000,
    follows: 100_000,
    messages: 50_000,
    transfers: 100_000,
    visits: 100_000,
  },
  small: {
    members: 1_000,
    posts: 20_000,
    likes: 100_000,
    follows: 10_000,
    messages: 5_000,
    transfers: 10_000,
    visits: 10_000,
  },
  // The baseline beside `full`: a fresh, small community in which the measured member has the same
  // data of their own (follows, posts, conversations, wallet) as in the full one.
  empty: {
    members: 200,
    posts: 1_000,
    likes: 3_000,
    follows: 1_500,
    messages: 700,
    transfers: 400,
    visits: 300,
  },
};

/** What the measured member (the "focus") has in every profile. */
export const FOCUS = {
  /** Popularity rank: a well-followed member, not a star. */
  rank: 50,
  following: 120,
  /** At least this many followers (more where the community is large enough to give them). */
  followers: 40,
  posts: 120,
  /** Likes on the focus member's posts, at least (they become notifications). */
  likesReceived: 200,
  conversations: 25,
  messagesPerConversation: 20,
  /** Ledger transfers the focus member takes part in (wallet history). */
  transactions: 150,
};

export const DAY_MS = 24 * 3600 * 1000;
const POSTS_SPAN_MS = 90 * DAY_MS;
const MESSAGES_SPAN_MS = 60 * DAY_MS;

/** The password of every loaded member (one argon2 hash, computed once). */
export const MEMBER_PASSWORD = 'aura-scale-2026';

const ADJECTIVES = (
  'calm bright quiet golden silver wild gentle brave misty sunny lunar solar cosmic velvet amber ' +
  'crystal hidden rising morning evening frosty stormy serene happy lucky swift mellow radiant ' +
  'silent ancient electric northern southern coral violet crimson azure emerald'
).split(' ');
const NOUNS = (
  'river forest meadow ocean mountain valley harbor canyon garden island comet aurora breeze ' +
  'ember falcon fox heron lotus maple orchid panda raven sparrow tiger willow wolf cedar pebble ' +
  'nova sage kai luna orion phoenix lynx otter'
).split(' ');
/** Tags by popularity (Zipf over this order). */
const TAGS = (
  'wellness mindfulness gratitude energy calm growth sunrise focus selfcare meditation yoga ' +
  'nature breathe healing balance journey motivation peace joy kindness running fitness nutrition ' +
  'sleep morningroutine journaling reading music art travel coffee sunset ocean hiking garden ' +
  'community friendship family love hope courage dreams goals habits productivity creativity ' +
  'photography cooking baking poetry writing learning coding design minimalism plants tea ' +
  'mentalhealth anxiety stress recovery therapy smallwins weekend mondaymood fridayfeeling ' +
  'throwback inspiration quotes affirmations positivevibes grateful blessed newbeginnings'
)
  .split(' ')
  .concat(Array.from({ length: 140 }, (_, i) => `topic${i + 1}`));
const PHRASES = [
  'A moment of calm before the day',
  'Took a long walk and felt the wind',
  'Small steps still move you forward',
  'Grateful for the people around me',
  'Tried something new today',
  'The light this morning was unreal',
  'Reminder to drink water and breathe',
  'Finished the week stronger than I started',
  'Sharing what helped me this month',
  'Nothing fancy, just a quiet evening',
  'Learning to slow down',
  'This view made my whole week',
];
const MESSAGE_TEXTS = [
  'hey! how are you?',
  'loved your last post',
  'thanks for the tip 🙏',
  'are you joining the morning session?',
  'haha yes exactly',
  'sending good energy your way',
  'let me know when you are free',
  'that playlist is great',
  'see you tomorrow',
  'congrats on the streak!',
];

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    /** Standard normal (Box-Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    /** Exponential with the given mean. */
    exponential: (mean) => -Math.log(1 - next()) * mean,
  };
}

/** Draws indexes in proportion to `weights` (cumulative sums, binary search). */
function weightedSampler(weights, random) {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i += 1) cumulative[i] = total += weights[i];
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] <= target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** A UUID-shaped id derived from a name (version 4 layout, variant bits set): same name, same id. */
export function uuidOf(name) {
  const hex = createHash('md5').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A MongoDB ObjectId (24 hex digits) for member `index`: its registration second, then the index. */
function memberObjectId(index, createdAtMs) {
  const seconds = Math.floor(createdAtMs / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}5ca1e0${index.toString(16).padStart(10, '0')}`;
}

/** The UTC day ("YYYY-MM-DD") of a moment in ms. */
export const utcDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** The UTC hour ("YYYY-MM-DDTHH") of a moment in ms. */
export const utcHour = (ms) => new Date(ms).toISOString().slice(0, 13);

/**
 * Makes the community of a profile as of `now` (ms). Answers plain arrays; `community.focus` and
 * `community.star` are the measured member and the most popular one.
 */
export function planCommunity(profileName, now = Date.now()) {
  const sizes = PROFILES[profileName];
  if (!sizes) throw new Error(`unknown scale ${profileName} (known: ${Object.keys(PROFILES).join(', ')})`);
  const random = seededRandom(hashSeed(profileName));
  now = Math.floor(now / 1000) * 1000;
  const members = planMembers(sizes.members, now, random);
  const focus = Math.min(FOCUS.rank, sizes.members - 1);
  const community = { profile: profileName, sizes, now, members, focus, star: 0 };
  community.posts = planPosts(community, sizes.posts, random);
  community.likes = planLikes(community, sizes.likes, random);
  community.follows = planFollows(community, sizes.follows, random);
  community.conversations = planConversations(community, sizes.messages, random);
  community.visits = planVisits(community, sizes.visits, random);
  community.transfers = planTransfers(community, sizes.transfers, random);
  community.aura = planAura(community);
  community.lastActive = lastActivity(community);
  return community;
}

function hashSeed(text) {
  return createHash('md5').update(`aura-scale:${text}`).digest().readUInt32LE(0);
}

function planMembers(count, now, random) {
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const adjective = ADJECTIVES[(i * 7 + random.int(ADJECTIVES.length)) % ADJECTIVES.length];
    const noun = NOUNS[(i * 13 + random.int(NOUNS.length)) % NOUNS.length];
    // Registered between a year and a month ago (the focus member well before their first post).
    const createdAt = now - 30 * DAY_MS - Math.floor(random.next() * 335 * DAY_MS);
    const username = `${adjective}_${noun}${i}`;
    members.push({
      index: i,
      id: memberObjectId(i, createdAt),
      username,
      displayName: `${capitalize(adjective)} ${capitalize(noun)}`,
      bio: `${capitalize(adjective)} soul, ${noun} lover.`,
      createdAt,
      /** They wrote their bio right after signing up (a profile change). */
      profileEditedAt: createdAt + 10 * 60_000,
      popularity: 1 / (i + 2),
    });
  }
  return members;
}

const capitalize = (word) => word[0].toUpperCase() + word.slice(1);

/** Posts: { author: Int32Array, at: Float64Array, id: string[] }; the focus member's come first. */
function planPosts(community, count, random) {
  const { members, focus, now } = community;
  const weights = members.map((m) => (m.index === focus ? 0 : Math.sqrt(m.popularity)));
  const drawAuthor = weightedSampler(weights, random);
  const total = Math.max(count, FOCUS.posts);
  const author = new Int32Array(total);
  const at = new Float64Array(total);
  for (let p = 0; p < total; p += 1) {
    const a = p < FOCUS.posts ? focus : drawAuthor();
    author[p] = a;
    const start = Math.max(now - POSTS_SPAN_MS, members[a].createdAt);
    at[p] = Math.floor(start + random.next() * (now - 60_000 - start));
  }
  const id = Array.from({ length: total }, (_, p) => uuidOf(`post:${community.profile}:${p}`));
  return { count: total, author, at, id };
}

/** The text and tags of post `p` (derived from its index, so every module sees the same). */
export function postContent(p) {
  const random = seededRandom(p * 2654435761);
  const tagCount = [0, 1, 1, 2, 2, 3][random.int(6)];
  const tags = [];
  for (let t = 0; t < tagCount; t += 1) {
    // Zipf over TAGS: a few tags carry most uses.
    const tag =
      TAGS[Math.min(TAGS.length - 1, Math.floor(Math.exp(random.next() * Math.log(TAGS.length))) - 1)];
    if (!tags.includes(tag)) tags.push(tag);
  }
  const content = `${PHRASES[random.int(PHRASES.length)]}${tags.map((tag) => ` #${tag}`).join('')}`;
  return { content, tags, category: ['general', 'lifestyle', 'inspiration', 'personal'][random.int(4)] };
}

/**
 * Likes: { post: Int32Array, member: Int32Array, at: Float64Array }, one per (post, member), never
 * of one's own post; per post in proportion to its author's popularity, with a log-normal spread.
 */
function planLikes(community, count, random) {
  const { members, posts, now } = community;
  const likerWeights = members.map((m) => 0.3 + Math.pow(m.popularity, 0.3));
  const drawLiker = weightedSampler(likerWeights, random);
  const postWeights = new Float64Array(posts.count);
  let totalWeight = 0;
  for (let p = 0; p < posts.count; p += 1) {
    postWeights[p] = Math.pow(members[posts.author[p]].popularity, 0.7) * Math.exp(random.normal());
    totalWeight += postWeights[p];
  }
  // A post is liked by at most a third of the community (sampling stays cheap).
  const cap = Math.max(1, Math.floor(members.length / 3));
  const perPost = new Int32Array(posts.count);
  let assigned = 0;
  for (let p = 0; p < posts.count; p += 1) {
    const exact = (count * postWeights[p]) / totalWeight;
    perPost[p] = Math.min(cap, Math.floor(exact + random.next()));
    assigned += perPost[p];
  }
  // The focus member's posts carry at least FOCUS.likesReceived likes in every profile.
  let focusLikes = 0;
  for (let p = 0; p < FOCUS.posts; p += 1) focusLikes += perPost[p];
  for (let p = 0; focusLikes < FOCUS.likesReceived; p = (p + 1) % FOCUS.posts) {
    if (perPost[p] >= cap) continue;
    perPost[p] += 1;
    focusLikes += 1;
    assigned += 1;
  }
  const drawPost = weightedSampler(postWeights, random);
  while (assigned < count) {
    const p = drawPost();
    if (perPost[p] >= cap) continue;
    perPost[p] += 1;
    assigned += 1;
  }
  const total = assigned;
  const likes = {
    count: total,
    post: new Int32Array(total),
    member: new Int32Array(total),
    at: new Float64Array(total),
  };
  let next = 0;
  for (let p = 0; p < posts.count; p += 1) {
    const author = posts.author[p];
    const likers = new Set();
    while (likers.size < perPost[p]) {
      const m = drawLiker();
      if (m !== author) likers.add(m);
    }
    for (const m of likers) {
      likes.post[next] = p;
      likes.member[next] = m;
      const earliest = Math.max(posts.at[p], members[m].createdAt);
      likes.at[next] = Math.floor(Math.min(now - 1000, earliest + random.exponential(DAY_MS)));
      next += 1;
    }
  }
  return likes;
}

/** Follows: { follower: Int32Array, followee: Int32Array, at: Float64Array }, unique pairs, no self. */
function planFollows(community, count, random) {
  const { members, focus, now } = community;
  const n = members.length;
  const drawFollowee = weightedSampler(
    members.map((m) => m.popularity),
    random,
  );
  const pairs = [];
  const following = members.map(() => new Set());
  const add = (follower, followee) => {
    if (follower === followee || following[follower].has(followee)) return false;
    following[follower].add(followee);
    pairs.push([follower, followee]);
    return true;
  };
  // The focus member follows the ten most popular members and others chosen by popularity.
  for (let i = 0; i < Math.min(10, n); i += 1) add(focus, i);
  while (following[focus].size < Math.min(FOCUS.following, n - 1)) add(focus, drawFollowee());
  // Everyone else: out-degrees around the mean, at most half the community.
  const mean = count / n;
  for (let i = 0; i < n && pairs.length < count; i += 1) {
    if (i === focus) continue;
    const degree = Math.min(Math.floor(n / 2), Math.round(mean * Math.exp(0.6 * random.normal() - 0.18)));
    for (let tries = 0; following[i].size < degree && tries < degree * 20; tries += 1) add(i, drawFollowee());
  }
  while (pairs.length < count) add(random.int(n), drawFollowee());
  // At least FOCUS.followers follow the focus member.
  let followers = pairs.filter(([, followee]) => followee === focus).length;
  for (let i = 0; i < n && followers < FOCUS.followers; i += 1) if (add(i, focus)) followers += 1;
  const follows = {
    count: pairs.length,
    follower: new Int32Array(pairs.length),
    followee: new Int32Array(pairs.length),
    at: new Float64Array(pairs.length),
  };
  pairs.forEach(([follower, followee], k) => {
    follows.follower[k] = follower;
    follows.followee[k] = followee;
    const start = Math.max(members[follower].createdAt, members[followee].createdAt);
    follows.at[k] = Math.floor(start + random.next() * (now - 1000 - start));
  });
  return follows;
}

/**
 * Conversations: [{ a, b, messages: [{ from, at, text }], unreadTail }] (a, b member indexes);
 * the focus member's FOCUS.conversations first. `unreadTail`: the last n messages are not read yet.
 */
function planConversations(community, messageCount, random) {
  const { members, focus, now } = community;
  const n = members.length;
  const drawPopular = weightedSampler(
    members.map((m) => (m.index === focus ? 0 : m.popularity)),
    random,
  );
  const drawActive = weightedSampler(
    members.map((m) => (m.index === focus ? 0 : Math.sqrt(m.popularity))),
    random,
  );
  const conversations = [];
  const pairs = new Set();
  const open = (a, b, size) => {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (a === b || pairs.has(key)) return false;
    pairs.add(key);
    const startedAt = Math.max(members[a].createdAt, members[b].createdAt, now - MESSAGES_SPAN_MS);
    const times = Array.from({ length: size }, () =>
      Math.floor(startedAt + random.next() * (now - 2000 - startedAt)),
    );
    times.sort((x, y) => x - y);
    const messages = times.map((at) => ({
      from: random.next() < 0.5 ? a : b,
      at,
      text: MESSAGE_TEXTS[random.int(MESSAGE_TEXTS.length)],
    }));
    const unreadTail = random.next() < 0.3 ? 1 + random.int(3) : 0;
    conversations.push({ a, b, messages, unreadTail });
    return true;
  };
  const focusConversations = Math.min(FOCUS.conversations, n - 1);
  while (conversations.length < focusConversations) open(focus, drawPopular(), FOCUS.messagesPerConversation);
  let remaining = messageCount - focusConversations * FOCUS.messagesPerConversation;
  while (remaining > 0) {
    const size = Math.min(remaining, 2 + Math.floor(random.exponential(8)));
    if (open(drawActive(), drawPopular(), size)) remaining -= size;
  }
  return conversations;
}

/** Profile visits: [{ profile, viewer, at }], one per profile, viewer and UTC day. */
function planVisits(community, count, random) {
  const { members, now } = community;
  const drawProfile = weightedSampler(
    members.map((m) => m.popularity),
    random,
  );
  const seen = new Set();
  const visits = [];
  for (let tries = 0; visits.length < count && tries < count * 5; tries += 1) {
    const profile = drawProfile();
    const viewer = random.int(members.length);
    if (profile === viewer) continue;
    const at = Math.floor(now - 1000 - random.next() * POSTS_SPAN_MS);
    const key = `${profile}:${viewer}:${utcDay(at)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    visits.push({ profile, viewer, at });
  }
  return visits;
}

/**
 * Aura from likes received (identity's like_received: +1, at most 20 per member and UTC day,
 * clamped to 0-1000, starting at 100), applied in time order as identity's AuraLedger does (a like
 * at 1000 is applied with a change of 0 and counts toward the day). Answers per like its outcome
 * (1 applied, 2 limited), the change applied and the score after, and every member's final score
 * and the moment it last moved.
 */
function planAura(community) {
  const { likes, posts, members } = community;
  const order = Uint32Array.from({ length: likes.count }, (_, k) => k).sort(
    (x, y) => likes.at[x] - likes.at[y],
  );
  const state = new Uint8Array(likes.count);
  const applied = new Int8Array(likes.count);
  const scoreAfter = new Int16Array(likes.count);
  const score = new Int16Array(members.length).fill(100);
  /** When each member's score last moved (0: never). */
  const changedAt = new Float64Array(members.length);
  const usedToday = new Map(); // "<member>:<day>" → likes counted that day
  for (const k of order) {
    const recipient = posts.author[likes.post[k]];
    const day = `${recipient}:${Math.floor(likes.at[k] / DAY_MS)}`;
    const used = usedToday.get(day) ?? 0;
    if (used >= 20) {
      state[k] = 2;
      scoreAfter[k] = score[recipient];
      continue;
    }
    usedToday.set(day, used + 1);
    const next = Math.min(1000, score[recipient] + 1);
    state[k] = 1;
    applied[k] = next - score[recipient];
    if (next !== score[recipient]) changedAt[recipient] = likes.at[k];
    score[recipient] = next;
    scoreAfter[k] = next;
  }
  return { order, state, applied, scoreAfter, score, changedAt };
}

export const MICRO_PER_AC = 1_000_000;
/** Top-up packages (economy's TOP_UP_PACKAGES): micro-AC credited and the price in cents. */
export const TOP_UPS = [
  { id: 'starter', amountMicro: 10 * MICRO_PER_AC, usdCents: 999 },
  { id: 'plus', amountMicro: 55 * MICRO_PER_AC, usdCents: 4999 },
  { id: 'pro', amountMicro: 115 * MICRO_PER_AC, usdCents: 9999 },
  { id: 'ultra', amountMicro: 300 * MICRO_PER_AC, usdCents: 24999 },
];
const TIP_AMOUNTS_MICRO = [100_000, 250_000, 500_000, 1_000_000, 2_000_000];
const TIP_NOTES = ['', '', 'for the post!', 'keep going', 'thank you'];

/**
 * Ledger transfers, sorted by time: [{ kind: 'topup' | 'tip' | 'transfer', from, to, amountMicro,
 * at, note, topUp? }] (`from` is -1 for a top-up, which comes from the card_topups account). Every
 * sender's top-ups come before their first payment and cover all they send, so no balance ever goes
 * below zero, whatever they receive. The focus member takes part in FOCUS.transactions of them.
 */
function planTransfers(community, count, random) {
  const { members, focus, now } = community;
  const drawPopular = weightedSampler(
    members.map((m) => (m.index === focus ? 0 : m.popularity)),
    random,
  );
  const drawActive = weightedSampler(
    members.map((m) => (m.index === focus ? 0 : Math.sqrt(m.popularity))),
    random,
  );
  const payments = [];
  const sentBy = new Map();
  const topUpsFor = (total) => {
    const packages = [];
    for (let left = total; left > 0;) {
      const fit = TOP_UPS.find((t) => t.amountMicro >= left) ?? TOP_UPS[TOP_UPS.length - 1];
      packages.push(fit);
      left -= fit.amountMicro;
    }
    return packages;
  };
  let topUpCount = 0;
  const pay = (from, to) => {
    if (from === to) return;
    const tip = random.next() < 0.6;
    const amountMicro = tip ? random.pick(TIP_AMOUNTS_MICRO) : (1 + random.int(20)) * MICRO_PER_AC;
    const earliest = Math.max(members[from].createdAt, members[to].createdAt) + 4 * DAY_MS;
    const start = Math.max(earliest, now - 80 * DAY_MS);
    const at = Math.floor(start + random.next() * (now - 1000 - start));
    const before = sentBy.get(from) ?? 0;
    topUpCount += topUpsFor(before + amountMicro).length - (before > 0 ? topUpsFor(before).length : 0);
    sentBy.set(from, before + amountMicro);
    payments.push({
      kind: tip ? 'tip' : 'transfer',
      from,
      to,
      amountMicro,
      at,
      note: tip ? random.pick(TIP_NOTES) : '',
    });
  };
  // The focus member: about half sent (to popular members), the rest received (from active ones).
  const focusSends = Math.floor(FOCUS.transactions / 2) - 5;
  for (let k = 0; k < focusSends; k += 1) pay(focus, drawPopular());
  const focusTopUps = topUpsFor(sentBy.get(focus)).length;
  for (let k = 0; k < FOCUS.transactions - focusSends - focusTopUps; k += 1) pay(drawActive(), focus);
  while (payments.length + topUpCount < count) pay(drawActive(), drawPopular());
  const transfers = [...payments];
  const firstSend = new Map();
  for (const payment of payments)
    if (payment.at < (firstSend.get(payment.from) ?? Infinity)) firstSend.set(payment.from, payment.at);
  for (const [member, total] of sentBy) {
    const first = firstSend.get(member);
    for (const topUp of topUpsFor(total)) {
      const at = Math.floor(first - 3600_000 - random.next() * 3 * DAY_MS);
      transfers.push({
        kind: 'topup',
        from: -1,
        to: member,
        amountMicro: topUp.amountMicro,
        at,
        note: '',
        topUp,
      });
    }
  }
  transfers.sort((x, y) => x.at - y.at);
  return transfers;
}

/** The last moment each member acted (posted, liked, followed, sent a message). */
function lastActivity(community) {
  const { members, posts, likes, follows, conversations } = community;
  const last = Float64Array.from(members, (m) => m.createdAt);
  const touch = (m, at) => {
    if (at > last[m]) last[m] = at;
  };
  for (let p = 0; p < posts.count; p += 1) touch(posts.author[p], posts.at[p]);
  for (let k = 0; k < likes.count; k += 1) touch(likes.member[k], likes.at[k]);
  for (let k = 0; k < follows.count; k += 1) touch(follows.follower[k], follows.at[k]);
  for (const conversation of conversations)
    for (const message of conversation.messages) touch(message.from, message.at);
  for (const transfer of community.transfers) if (transfer.from >= 0) touch(transfer.from, transfer.at);
  return last;
}

/** Counts of what the plan holds (printed before loading). */
export function describeCommunity(community) {
  const messages = community.conversations.reduce((sum, c) => sum + c.messages.length, 0);
  return (
    `${community.members.length} members, ${community.posts.count} posts, ${community.likes.count} likes, ` +
    `${community.follows.count} follows, ${community.conversations.length} conversations with ${messages} messages, ` +
    `${community.visits.length} profile visits, ${community.transfers.length} ledger transfers`
  );
}
