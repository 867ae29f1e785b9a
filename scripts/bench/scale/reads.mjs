// The reads the scale scenario measures, each as the web app sends it, by the measured member (the
// "focus": follows 120 members, has 120 posts, 25 conversations, 150 wallet transactions and a few
// hundred notifications or more). `star` is the community's most followed member.
//
// Each read: name, what it is, path(context) → the request path, check(body) → throws unless the
// answer is what a member would see (no figures are taken of an empty or wrong answer), and `load`
// when it is measured otherwise than the others (autocannon options: connections, amount, timeout).

/** A word of many usernames (plan.mjs NOUNS): 1 in ~40 members matches it. */
export const SEARCH_WORD = 'river';
/** A word of post texts (plan.mjs PHRASES): ~1 post in 12 matches it. */
export const POST_WORD = 'calm';

const nonEmptyList = (what) => (body) => {
  if (!Array.isArray(body) || body.length === 0)
    throw new Error(`expected ${what}, got ${JSON.stringify(body).slice(0, 200)}`);
};

export const READS = [
  {
    name: 'home timeline',
    what: 'GET /api/posts/feed/following (first page, 20 posts of the 120 members followed)',
    path: () => '/api/posts/feed/following',
    check: nonEmptyList('posts'),
  },
  {
    name: "member's posts",
    what: "GET /api/users/{star}/posts?limit=10 (the most followed member's newest posts)",
    path: ({ star }) => `/api/users/${star.id}/posts?limit=10`,
    check: nonEmptyList('posts'),
  },
  {
    name: 'profile',
    what: 'GET /api/users/{star}/profile (counts, visits, featured genie)',
    path: ({ star }) => `/api/users/${star.id}/profile`,
    check: (body) => {
      if (!(body?.followers_count > 0))
        throw new Error(`expected a profile with followers, got ${JSON.stringify(body)}`);
    },
  },
  {
    name: 'member search',
    what: `GET /api/users/search/${SEARCH_WORD}?limit=6 (the transfer picker: names containing the text)`,
    path: () => `/api/users/search/${SEARCH_WORD}?limit=6`,
    check: nonEmptyList('members'),
  },
  {
    name: 'explore: trending tags',
    what: 'GET /api/tags/trending?period=7d&limit=20',
    path: () => '/api/tags/trending?period=7d&limit=20',
    check: nonEmptyList('tags'),
  },
  {
    name: 'explore: top tipped',
    what: 'GET /api/creators/top-tipped?period=weekly&limit=10',
    path: () => '/api/creators/top-tipped?period=weekly&limit=10',
    check: nonEmptyList('creators'),
  },
  {
    name: 'explore: top rising',
    what: 'GET /api/creators/top-rising?period=7d&limit=10',
    path: () => '/api/creators/top-rising?period=7d&limit=10',
    check: nonEmptyList('creators'),
  },
  {
    name: 'wallet history',
    what: 'GET /api/wallet/transactions?limit=20',
    path: () => '/api/wallet/transactions?limit=20',
    check: nonEmptyList('transactions'),
  },
  {
    name: 'conversation list',
    what: 'GET /api/conversations (25 conversations)',
    path: () => '/api/conversations',
    check: nonEmptyList('conversations'),
  },
  {
    name: 'notifications',
    what: 'GET /api/notifications?limit=20',
    path: () => '/api/notifications?limit=20',
    check: nonEmptyList('notifications'),
  },
  {
    name: 'explore: search',
    // A scan per request (see docs/benchmarks.md): one request at a time, five of them, each given two
    // minutes, and measured last, so that no abandoned scan keeps the database busy for a later read.
    load: { connections: 1, amount: 5, timeout: 120 },
    what: `GET /api/search?query=${POST_WORD}&content_type=all&limit=20 (members, posts, stories, tags)`,
    path: () => `/api/search?query=${POST_WORD}&content_type=all&category=all&limit=20`,
    check: (body) => {
      if (!Array.isArray(body?.posts) || body.posts.length === 0)
        throw new Error(`expected posts, got ${JSON.stringify(body).slice(0, 200)}`);
    },
  },
];
