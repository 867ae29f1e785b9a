// Demo social content: follows, posts with tags, comments, likes and a few live stories, through the
// API. Idempotent: follows are idempotent, posts are written only for members who have none yet,
// likes only where not liked yet, stories only for members without an active one (they last 5 hours,
// so a later `npm start` brings them back).
import { ok } from './http.mjs';

const FOLLOWS = {
  luna: ['orion', 'sage', 'nova', 'kai'],
  orion: ['luna', 'sage'],
  sage: ['luna', 'nova', 'kai'],
  nova: ['luna', 'orion', 'sage'],
  kai: ['luna', 'nova'],
};

const POSTS = {
  luna: [
    [
      'Morning pages done before sunrise. Three things I am grateful for today ✨ #gratitude #morningroutine',
      'personal',
    ],
    [
      'Ten minutes of box breathing turned a rough afternoon around. Try it with me tomorrow? #mindfulness #breathwork',
      'lifestyle',
    ],
  ],
  orion: [
    ['Shipped my first side project this week. Small steps, every day. #growth #buildinpublic', 'technology'],
    ['A walk without headphones is underrated. Let the city talk to you. #mindfulness #walking', 'lifestyle'],
  ],
  sage: [
    ['Reminder: rest is productive too. #selfcare #wellness', 'inspiration'],
    ['Tried a phone-free evening. Read 80 pages and slept like a stone. #digitaldetox #wellness', 'personal'],
  ],
  nova: [
    ['Sunrise yoga on the roof today 🌅 who is joining next week? #yoga #sunrise', 'lifestyle'],
    ['Journaling prompt: what would you do today if you were not afraid? #journaling #growth', 'inspiration'],
  ],
  kai: [
    [
      'Cold shower streak: day 12. The first ten seconds are the whole battle. #discipline #energy',
      'personal',
    ],
    ['Learning to code at 35 — it is never too late. #technology #growth', 'technology'],
  ],
};

const STORIES = {
  luna: 'Tea, rain, and a good book today ☕ #slowliving',
  nova: 'Golden hour on the roof 🌇 #sunrise',
  orion: 'Deploy Friday survived. Celebrating with a long walk. #growth',
};

const COMMENTS = [
  ['orion', 'luna', 'Love this routine — stealing the gratitude list idea!'],
  ['sage', 'luna', 'Box breathing saved my week too.'],
  ['luna', 'nova', 'Count me in for next week!'],
  ['kai', 'orion', 'Congrats on shipping! What did you build?'],
  ['nova', 'sage', 'Needed this reminder today 💜'],
  ['luna', 'kai', 'Day 12 is impressive, keep going!'],
];

/** Likes: liker -> authors whose demo posts they like. */
const LIKES = {
  luna: ['orion', 'sage', 'nova', 'kai'],
  orion: ['luna', 'nova'],
  sage: ['luna', 'kai'],
  nova: ['luna', 'orion', 'sage'],
  kai: ['luna', 'nova'],
};

export async function seedSocial(baseUrl, sessions) {
  const byName = new Map(sessions.map((s) => [s.user.username, s]));
  const token = (name) => byName.get(name).access_token;
  const id = (name) => byName.get(name).user.id;

  for (const [follower, followees] of Object.entries(FOLLOWS))
    for (const followee of followees)
      await ok(baseUrl, 'POST', `/users/${id(followee)}/follow`, token(follower));

  const postsOf = new Map();
  let created = 0;
  for (const [author, posts] of Object.entries(POSTS)) {
    let existing = await ok(baseUrl, 'GET', `/users/${id(author)}/posts?limit=10`, token(author));
    if (existing.length === 0) {
      for (const [content, category] of posts) {
        await ok(baseUrl, 'POST', '/posts', token(author), {
          content,
          content_type: 'text',
          category,
          is_story: false,
        });
        created += 1;
      }
      existing = await ok(baseUrl, 'GET', `/users/${id(author)}/posts?limit=10`, token(author));
      // Comments only on posts made in this run, so a second run does not repeat them.
      for (const [commenter, postAuthor, text] of COMMENTS)
        if (postAuthor === author)
          await ok(baseUrl, 'POST', `/posts/${existing[existing.length - 1].id}/comments`, token(commenter), {
            content: text,
            content_type: 'text',
          });
    }
    postsOf.set(author, existing);
  }

  for (const [liker, authors] of Object.entries(LIKES))
    for (const author of authors) {
      const [latest] = await ok(baseUrl, 'GET', `/users/${id(author)}/posts?limit=1`, token(liker));
      if (latest && !latest.is_liked) await ok(baseUrl, 'POST', `/posts/${latest.id}/like`, token(liker));
    }

  let stories = 0;
  for (const [author, content] of Object.entries(STORIES)) {
    const active = await ok(baseUrl, 'GET', `/users/${id(author)}/stories?limit=20`, token(author));
    if (active.length === 0) {
      await ok(baseUrl, 'POST', '/posts', token(author), {
        content,
        content_type: 'text',
        category: 'personal',
        is_story: true,
      });
      stories += 1;
    }
  }
  return { postsCreated: created, storiesCreated: stories };
}
