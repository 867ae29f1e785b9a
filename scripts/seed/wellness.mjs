// Demo wellness (issue 5): profile customisation, mood check-ins and reflections for the demo members,
// and a range of aura scores across the levels (Starter to Cosmic), set by the super admin's aura
// change. Idempotent: check-ins and reflections are written only for a member who has none, the
// profile update sets the same values again, and each aura change carries a fixed Idempotency-Key, so
// a second run changes nothing.
import { ok, superAdminToken } from './http.mjs';

const PROFILES = {
  luna: {
    bio: 'Yoga at sunrise, gratitude at sunset 🌅',
    profile_ring_color: 'gold',
    profile_background: 'aurora',
    aura_animation_style: 'sparkles',
    aura_color_gradient: 'solar',
  },
  orion: {
    bio: 'Building things, breathing between commits.',
    profile_ring_color: 'blue',
    profile_background: 'galaxy',
    aura_animation_style: 'glow',
    aura_color_gradient: 'ocean',
  },
  sage: {
    bio: 'Box breathing evangelist. Tea over coffee.',
    profile_ring_color: 'green',
    profile_background: 'forest',
    aura_animation_style: 'waves',
    aura_color_gradient: 'emerald',
  },
  nova: { bio: 'Night owl, journaling daily.', profile_ring_color: 'purple', profile_background: 'cosmic' },
  kai: { bio: 'New here — say hi!', profile_ring_color: 'default', profile_background: 'default' },
};

/** [member, [mood, description, energy]...]: the first of the day earns the reward. */
const CHECK_INS = {
  luna: [
    ['happy', 'Morning flow felt amazing', 8],
    ['positive', '', 7],
  ],
  orion: [['excited', 'Launch day!', 9]],
  sage: [
    ['neutral', 'Steady', 6],
    ['anxious', 'Deadline tomorrow', 4],
  ],
  nova: [['sad', 'Missing home', 3]],
  kai: [['positive', 'First day on Aura', 7]],
};

/** [member, [content, mood, category]...]. */
const REFLECTIONS = {
  luna: [
    ['Grateful for the people who showed up for the sunrise class today.', 'positive', 'gratitude'],
    ['Rest is part of the practice, not a break from it.', 'neutral', 'general'],
  ],
  orion: [['Shipping is scary and worth it. Celebrate the small wins.', 'positive', 'work']],
  sage: [['Four counts in, four hold, four out, four hold. It still works.', 'positive', 'mindfulness']],
  nova: [['A heavy week. Writing it down helps a little.', 'negative', 'general']],
  kai: [],
};

/** The aura each demo member ends near, one per level: Cosmic, Radiant, Empowered, Rising, Starter. */
const AURA_TARGETS = { luna: 920, orion: 740, sage: 560, nova: 340, kai: 150 };

export async function seedWellness(baseUrl, sessions) {
  let checkIns = 0;
  let reflections = 0;
  for (const session of sessions) {
    const name = session.user.username;
    const token = session.access_token;
    if (PROFILES[name]) await ok(baseUrl, 'PUT', '/profile', token, PROFILES[name]);
    if ((await ok(baseUrl, 'GET', '/profile/mood-checkins?limit=1', token)).length === 0)
      for (const [mood, mood_description, energy_level] of CHECK_INS[name] ?? []) {
        await ok(baseUrl, 'POST', '/profile/mood-checkin', token, { mood, mood_description, energy_level });
        checkIns += 1;
      }
    if ((await ok(baseUrl, 'GET', '/reflections?limit=1', token)).length === 0)
      for (const [content, mood, category] of REFLECTIONS[name] ?? []) {
        await ok(baseUrl, 'POST', '/reflections', token, { content, mood, category });
        reflections += 1;
      }
  }
  const admin = await superAdminToken(baseUrl);
  const auraScores = {};
  for (const session of sessions) {
    const name = session.user.username;
    if (AURA_TARGETS[name] === undefined) continue;
    const me = await ok(baseUrl, 'GET', '/auth/me', session.access_token);
    const delta = AURA_TARGETS[name] - me.aura_score;
    // With the fixed key a second run is a repeat: identity answers the first result, nothing moves.
    const result =
      delta === 0
        ? { aura_score: me.aura_score }
        : await ok(
            baseUrl,
            'POST',
            `/admin/users/${session.user.id}/aura`,
            admin,
            { delta },
            {
              'idempotency-key': `seed-aura-${name}`,
            },
          );
    auraScores[name] = result.aura_score;
  }
  return { wellness: { checkIns, reflections, auraScores } };
}
