// Identity under concurrency through the gateway (HTTP), on the test stack's MongoDB server: concurrent
// edits of different profile fields all stay, concurrent aura changes end at the exact score, and a
// refresh token is deleted by its TTL index once it has expired.
import { createHash, randomUUID } from 'node:crypto';
import { waitFor } from '@aura/platform/testing';
import { MongoClient } from 'mongodb';
import { api, newMember, refreshCookie } from './support/api';

interface Member {
  id: string;
  token: string;
}

async function signUp(): Promise<Member & { refreshCookie: string }> {
  const answer = await api('POST', '/auth/register', { body: newMember('conc') });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return {
    id: answer.body.user.id,
    token: answer.body.access_token,
    refreshCookie: refreshCookie(answer.headers)!,
  };
}

let superAdmin: string;
let mongo: MongoClient;
const identityDb = () => mongo.db(`aura_identity_${process.env.AURA_DB_SUFFIX || 'test'}`);

beforeAll(async () => {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  superAdmin = login.body.access_token;
  mongo = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
});

afterAll(async () => {
  await mongo?.close();
});

const me = async (member: Member) => (await api('GET', '/auth/me', { token: member.token })).body;
const editProfile = (member: Member, body: Record<string, string>) =>
  api('PUT', '/profile', { token: member.token, body });
const adjustAura = (member: Member, delta: number, key: string) =>
  api('POST', `/admin/users/${member.id}/aura`, {
    token: superAdmin,
    body: { delta },
    headers: { 'idempotency-key': key },
  });

describe('concurrent writes to one member', () => {
  it('ten requests at once, each changing one profile field or the aura: every change stays', async () => {
    const member = await signUp();
    // Profile music is for SuperAura members.
    const superAura = await api('PUT', `/admin/users/${member.id}`, {
      token: superAdmin,
      body: { is_super_aura: true },
    });
    expect(superAura).toMatchObject({ status: 200, body: { is_super_aura: true } });
    const fields = {
      display_name: 'Seven At Once',
      bio: 'Every field written by its own request',
      aura_animation_style: 'waves',
      aura_color_gradient: 'solar',
      profile_ring_color: 'pink',
      profile_background: 'galaxy',
      profile_audio_youtube_link: 'https://youtu.be/dQw4w9WgXcQ',
    };
    const answers = await Promise.all([
      ...Object.entries(fields).map(([field, value]) => editProfile(member, { [field]: value })),
      api('POST', '/profile/mood-checkin', { token: member.token, body: { mood: 'happy' } }),
      api('POST', '/reflections', { token: member.token, body: { content: 'All at once' } }),
      adjustAura(member, 7, `conc-${randomUUID()}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201, 201, 200,
    ]);
    expect(await me(member)).toMatchObject({ ...fields, is_super_aura: true, aura_score: 100 + 2 + 10 + 7 });
  });

  it('concurrent aura changes, repeated ones among them, end at the exact score', async () => {
    const member = await signUp();
    const deltas = [15, -4, 9, 30, -12, 6, 21, -8];
    const keys = deltas.map(() => `conc-${randomUUID()}`);
    const answers = await Promise.all([
      // Each change sent three times at once (a client's retries): it applies once.
      ...deltas.flatMap((delta, i) => [1, 2, 3].map(() => adjustAura(member, delta, keys[i]))),
      api('POST', '/profile/mood-checkin', { token: member.token, body: {} }),
      api('POST', '/profile/mood-checkin', { token: member.token, body: {} }),
      api('POST', '/reflections', { token: member.token, body: { content: 'First' } }),
      api('POST', '/reflections', { token: member.token, body: { content: 'Second' } }),
    ]);
    const adjustments = answers.slice(0, deltas.length * 3);
    expect(adjustments.every((answer) => answer.status === 200)).toBe(true);
    expect(adjustments.filter((answer) => answer.body.repeated === false)).toHaveLength(deltas.length);
    expect(answers.slice(deltas.length * 3).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const earned = answers.slice(deltas.length * 3).map((answer) => answer.body.aura_earned);
    expect(earned.sort((a, b) => a - b)).toEqual([0, 0, 2, 10]);
    const total = deltas.reduce((sum, delta) => sum + delta, 0);
    expect((await me(member)).aura_score).toBe(100 + total + 2 + 10);
  });
});

describe('refresh tokens', () => {
  it('an expired refresh token is deleted by its TTL index and refused', async () => {
    const member = await signUp();
    const token = member.refreshCookie.slice('aura_refresh='.length);
    const tokens = identityDb().collection<{ _id: string; expires_at: Date }>('refresh_tokens');
    const _id = createHash('sha256').update(token).digest('hex');
    expect(await tokens.findOne({ _id })).not.toBeNull();

    // The TTL monitor runs every 60 s by default; once a second for this test.
    await mongo.db('admin').command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    await tokens.updateOne({ _id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    await waitFor(async () => (await tokens.findOne({ _id })) === null, {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the TTL monitor to delete the expired refresh token',
    });
    expect(await api('POST', '/auth/refresh', { cookie: member.refreshCookie })).toMatchObject({
      status: 401,
    });
  });
});
