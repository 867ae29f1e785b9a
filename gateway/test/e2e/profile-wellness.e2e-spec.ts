// Issue 5 through HTTP: mood check-ins, reflections, stats, aura, profile edits and visits. Every
// rule and limit of the "Done when": a refusal is 4xx and changes nothing.
import { waitFor } from '@aura/platform/testing';
import { api, baseUrl, newMember } from './support/api';
import { missingMemberId } from './support/social';

interface Member {
  id: string;
  token: string;
}

async function signUp(prefix = 'well'): Promise<Member> {
  const answer = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, token: answer.body.access_token };
}

const me = async (member: Member) => (await api('GET', '/auth/me', { token: member.token })).body;
const checkIn = (member: Member, body: unknown) =>
  api('POST', '/profile/mood-checkin', { token: member.token, body });
const checkIns = async (member: Member) =>
  (await api('GET', '/profile/mood-checkins', { token: member.token })).body;
const reflect = (member: Member, body: unknown) => api('POST', '/reflections', { token: member.token, body });
const reflections = async (member: Member) =>
  (await api('GET', '/reflections', { token: member.token })).body;
const stats = async (member: Member) => (await api('GET', '/profile/stats', { token: member.token })).body;
const update = (member: Member, body: unknown) => api('PUT', '/profile', { token: member.token, body });
const view = (viewer: Member, target: string, spelling: '' | '/profile' = '') =>
  api('GET', `/users/${target}${spelling}`, { token: viewer.token });

describe('routes need a signed-in member', () => {
  it('401 without a token', async () => {
    for (const [method, path] of [
      ['POST', '/profile/mood-checkin'],
      ['GET', '/profile/mood-checkins'],
      ['GET', '/reflections'],
      ['POST', '/reflections'],
      ['GET', '/profile/stats'],
      ['PUT', '/profile'],
    ])
      expect((await api(method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
  });
});

describe('mood check-ins', () => {
  it('the first of the day earns +2 aura and 0.001 AC; a second the same day earns nothing', async () => {
    const member = await signUp();
    const first = await checkIn(member, { mood: 'happy', mood_description: 'Sunny walk', energy_level: 8 });
    expect(first).toMatchObject({
      status: 201,
      body: {
        mood: 'happy',
        mood_description: 'Sunny walk',
        energy_level: 8,
        first_today: true,
        aura_earned: 2,
        aura_coins_earned: 0.001,
        aura_score: 102,
      },
    });
    const second = await checkIn(member, {});
    expect(second).toMatchObject({
      status: 201,
      body: { mood: 'neutral', energy_level: 5, mood_description: '', first_today: false, aura_earned: 0 },
    });
    expect(second.body.aura_score).toBe(102);
    expect((await me(member)).aura_score).toBe(102);
    const list = await checkIns(member);
    expect(list.map((c: { id: string }) => c.id)).toEqual([second.body.id, first.body.id]);
    expect(Object.keys(list[0]).sort()).toEqual([
      'created_at',
      'energy_level',
      'id',
      'mood',
      'mood_description',
    ]);
    // Economy pays the AC part once: 0.001 AC for the first check-in only.
    await waitFor(
      async () => (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance === 0.001,
      { timeoutMs: 30_000, intervalMs: 300, what: 'the check-in reward' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance).toBe(0.001);
  });

  it('refuses a bad mood, energy 0 or 11 or not a number (4xx), storing nothing', async () => {
    const member = await signUp();
    expect(await checkIn(member, { mood: 'angry' })).toMatchObject({
      status: 400,
      body: { detail: 'Mood must be one of happy, positive, neutral, sad, excited, anxious' },
    });
    for (const energy_level of [0, 11])
      expect(await checkIn(member, { mood: 'happy', energy_level })).toMatchObject({
        status: 400,
        body: { detail: 'Energy level must be between 1 and 10' },
      });
    expect((await checkIn(member, { energy_level: 'lots' })).status).toBe(422);
    expect((await checkIn(member, { mood_description: 'x'.repeat(501) })).status).toBe(400);
    expect(await checkIns(member)).toEqual([]);
    expect((await me(member)).aura_score).toBe(100);
  });
});

describe('reflections', () => {
  it('+10 aura for the first of the day; blank content is refused; other members can read them', async () => {
    const [member, other] = [await signUp(), await signUp()];
    for (const body of [{}, { content: '' }, { content: '   \n ' }])
      expect(await reflect(member, body)).toMatchObject({
        status: 400,
        body: { detail: 'Please write your reflection' },
      });
    expect(await reflect(member, { content: 'Good day', mood: 'happy' })).toMatchObject({
      status: 400,
      body: { detail: 'Mood must be one of positive, neutral, negative' },
    });
    expect(await reflections(member)).toEqual([]);
    expect((await me(member)).aura_score).toBe(100);

    const first = await reflect(member, { content: '  Grateful for friends  ', mood: 'positive' });
    expect(first).toMatchObject({
      status: 201,
      body: {
        content: 'Grateful for friends',
        mood: 'positive',
        category: 'general',
        first_today: true,
        aura_earned: 10,
        aura_score: 110,
      },
    });
    const second = await reflect(member, { content: 'Tired', mood: 'negative', category: 'work' });
    expect(second.body).toMatchObject({ first_today: false, aura_earned: 0, aura_score: 110 });
    expect((await reflections(member)).map((r: { content: string }) => r.content)).toEqual([
      'Tired',
      'Grateful for friends',
    ]);
    const theirs = await api('GET', `/users/${member.id}/content?content_type=reflections`, {
      token: other.token,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(
      await api('GET', `/users/${missingMemberId()}/content?content_type=reflections`, {
        token: other.token,
      }),
    ).toMatchObject({ status: 404, body: { detail: 'User not found' } });
  });
});

describe('stats', () => {
  it('start at zero and move with check-ins and reflections', async () => {
    const member = await signUp();
    expect(await stats(member)).toEqual({
      daily_positivity_score: 0,
      weekly_reflection_count: 0,
      engagement_rate: 0,
      aura_growth_this_week: 0,
      mood_trend: 'neutral',
    });
    await checkIn(member, { mood: 'excited', energy_level: 9 });
    await checkIn(member, { mood: 'anxious', energy_level: 3 });
    await reflect(member, { content: 'A calm evening', mood: 'positive' });
    expect(await stats(member)).toEqual({
      daily_positivity_score: 67,
      weekly_reflection_count: 1,
      engagement_rate: 14.3,
      aura_growth_this_week: 12,
      mood_trend: 'positive',
    });
    await checkIn(member, { mood: 'sad' });
    await reflect(member, { content: 'Hard afternoon', mood: 'negative' });
    expect(await stats(member)).toMatchObject({
      daily_positivity_score: 40,
      weekly_reflection_count: 2,
      aura_growth_this_week: 12,
      mood_trend: 'negative',
    });
  });
});

describe('profile edits', () => {
  it('a partial update answers the updated member; other members see it without the e-mail', async () => {
    const [member, other] = [await signUp(), await signUp()];
    const answer = await update(member, { bio: 'Breathing in, breathing out', profile_ring_color: 'gold' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: member.id,
      bio: 'Breathing in, breathing out',
      profile_ring_color: 'gold',
      profile_background: 'default',
      aura_animation_style: 'pulse',
    });
    expect(answer.body.email).toContain('@example.com');
    expect(
      await update(member, { profile_background: 'aurora', aura_animation_style: 'waves' }),
    ).toMatchObject({
      status: 200,
      body: {
        bio: 'Breathing in, breathing out',
        profile_background: 'aurora',
        aura_animation_style: 'waves',
      },
    });
    const seen = await view(other, member.id);
    expect(seen.body).toMatchObject({ bio: 'Breathing in, breathing out', profile_ring_color: 'gold' });
    expect(seen.body).not.toHaveProperty('email');
    expect((await view(member, member.id)).body.email).toContain('@example.com');
  });

  it('refuses a bad enum, a bio of 161 and a non-member’s YouTube link; nothing changes', async () => {
    const member = await signUp();
    await update(member, { bio: 'Before', profile_ring_color: 'blue' });
    const refusals: [unknown, number, string][] = [
      [
        { profile_ring_color: 'rainbow' },
        400,
        'profile_ring_color must be one of default, purple, blue, green, gold, red, pink, cosmic',
      ],
      [
        { profile_background: 'space', bio: 'After' },
        400,
        'profile_background must be one of default, cosmic, ocean, forest, sunset, aurora, galaxy',
      ],
      [
        { aura_animation_style: 'spin' },
        400,
        'aura_animation_style must be one of pulse, glow, sparkles, waves',
      ],
      [
        { aura_color_gradient: 'mud' },
        400,
        'aura_color_gradient must be one of emerald, ocean, cosmic, solar, fire',
      ],
      [{ bio: 'x'.repeat(161) }, 400, 'Bio must be at most 160 characters'],
      [
        { profile_audio_youtube_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', bio: 'After' },
        403,
        'Upgrade to SuperAura to enable profile music',
      ],
    ];
    for (const [body, status, detail] of refusals)
      expect(await update(member, body)).toMatchObject({ status, body: { detail } });
    expect((await update(member, { bio: 42 })).status).toBe(422);
    expect(await me(member)).toMatchObject({
      bio: 'Before',
      profile_ring_color: 'blue',
      profile_background: 'default',
      profile_audio_youtube_link: '',
    });
    expect((await update(member, { bio: 'y'.repeat(160) })).body.bio).toHaveLength(160);
  });

  it('a SuperAura member may set a YouTube link with an 11-character video id', async () => {
    const member = await signUp('sa');
    const started = await api('POST', '/superaura/checkout', {
      token: member.token,
      body: { plan: 'monthly', origin_url: `${baseUrl}/profile` },
    });
    expect(started.status).toBe(200);
    expect(
      (await fetch(`${started.body.checkout_url}/pay`, { method: 'POST', redirect: 'manual' })).status,
    ).toBe(303);
    await waitFor(async () => (await me(member)).is_super_aura === true, {
      timeoutMs: 30_000,
      intervalMs: 300,
      what: 'identity to make the member SuperAura',
    });
    expect(
      await update(member, { profile_audio_youtube_link: 'https://www.youtube.com/watch?v=short' }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Please enter a YouTube link with a valid 11-character video id' },
    });
    expect((await me(member)).profile_audio_youtube_link).toBe('');
    const link = 'https://youtu.be/dQw4w9WgXcQ';
    expect(await update(member, { profile_audio_youtube_link: link })).toMatchObject({
      status: 200,
      body: { profile_audio_youtube_link: link },
    });
  });
});

describe('profile visits', () => {
  it('counts other members once per day each, never oneself; both spellings; 404 for nobody', async () => {
    const [owner, b, c] = [await signUp(), await signUp(), await signUp()];
    expect((await view(owner, owner.id)).body.profile_visits_count).toBe(0);
    expect((await view(b, owner.id)).body.profile_visits_count).toBe(1);
    expect((await view(b, owner.id, '/profile')).body.profile_visits_count).toBe(1);
    expect((await view(c, owner.id, '/profile')).body.profile_visits_count).toBe(2);
    expect((await view(owner, owner.id, '/profile')).body.profile_visits_count).toBe(2);
    expect(await view(b, missingMemberId())).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
    expect(await view(b, missingMemberId(), '/profile')).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
  });
});

describe("the super admin's aura change", () => {
  it('moves a member once per key, clamped to 1000; members may not', async () => {
    const member = await signUp();
    const login = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
    });
    expect(login.status).toBe(200);
    const admin = login.body.access_token as string;
    const adjust = (token: string, delta: unknown, key?: string) =>
      api('POST', `/admin/users/${member.id}/aura`, {
        token,
        body: { delta },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const key = `e2e-${member.id}`;
    expect(await adjust(member.token, 5, `${key}-self`)).toMatchObject({ status: 403 });
    expect((await adjust(admin, 5)).status).toBe(422);
    expect((await adjust(admin, 0, `${key}-zero`)).status).toBe(422);
    expect(await adjust(admin, 950, key)).toMatchObject({
      status: 200,
      body: { applied: 900, aura_score: 1000, repeated: false },
    });
    expect(await adjust(admin, 950, key)).toMatchObject({
      status: 200,
      body: { applied: 900, repeated: true },
    });
    expect((await me(member)).aura_score).toBe(1000);
    expect(await stats(member)).toMatchObject({ aura_growth_this_week: 900 });
  });
});
