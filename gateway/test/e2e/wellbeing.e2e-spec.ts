// Wellbeing through HTTP (issue 23 item 6, docs/wellbeing.md): the mood calendar of a month, the 30/90-day
// mood and energy trend, check-in and reflection streaks, and the CSV export; each the caller's own.
// Past days are written straight into identity's database (the API only writes "now").
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { api, baseUrl, newMember } from './support/api';

interface Member {
  id: string;
  token: string;
}

async function signUp(prefix = 'wb'): Promise<Member> {
  const answer = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, token: answer.body.access_token };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const daysAgo = (days: number, hour = 12) => {
  const at = new Date(`${today}T00:00:00.000Z`);
  return new Date(at.getTime() - days * DAY_MS + hour * 60 * 60 * 1000);
};

let mongo: MongoClient;
const identityDb = () => mongo.db(`aura_identity_${process.env.AURA_DB_SUFFIX || 'test'}`);

/** A back-dated check-in (and its day's claim, as the service stores both). */
async function pastCheckin(member: Member, at: Date, mood: string, energy: number): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await identityDb()
    .collection('mood_checkins')
    .insertOne({
      _id: randomUUID() as never,
      user_id: member.id,
      mood,
      mood_description: '',
      energy_level: energy,
      first_of_day: false,
      created_at: at,
    });
  await identityDb()
    .collection('wellness_days')
    .updateOne(
      { _id: `check_in:${member.id}:${day}` as never },
      { $setOnInsert: { user_id: member.id, kind: 'check_in', day, at } },
      { upsert: true },
    );
}

const get = (member: Member, path: string) => api('GET', path, { token: member.token });

let luna: Member, orion: Member;

beforeAll(async () => {
  mongo = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  [luna, orion] = [await signUp(), await signUp()];
  // Two days ago and yesterday checked in, then today through the API: a 3-day streak.
  await pastCheckin(luna, daysAgo(2, 8), 'happy', 8);
  await pastCheckin(luna, daysAgo(2, 20), 'sad', 2);
  await pastCheckin(luna, daysAgo(1), 'neutral', 5);
  // A 4-day run 40 days ago: the longest, outside the 30-day trend, inside the 90-day one.
  for (const days of [40, 41, 42, 43]) await pastCheckin(luna, daysAgo(days), 'positive', 6);
  expect(
    (
      await api('POST', '/profile/mood-checkin', {
        token: luna.token,
        body: { mood: 'excited', mood_description: '=cmd|calc, "quoted"', energy_level: 9 },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('POST', '/reflections', {
        token: luna.token,
        body: { content: 'Grateful,\nfor the sea', mood: 'positive' },
      })
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await mongo?.close();
});

describe('wellbeing routes need a signed-in member', () => {
  it('401 without a token', async () => {
    for (const path of [
      '/profile/wellness/calendar',
      '/profile/wellness/trend',
      '/profile/wellness/streaks',
      '/profile/wellness/export.csv',
    ])
      expect((await api('GET', path)).status).toBe(401);
  });
});

describe('the mood calendar', () => {
  it("answers every UTC day of the month, coloured by the day's latest check-in", async () => {
    const month = daysAgo(2).toISOString().slice(0, 7);
    const answer = await get(luna, `/profile/wellness/calendar?month=${month}`);
    expect(answer.status).toBe(200);
    expect(answer.body.month).toBe(month);
    const [year, index] = month.split('-').map(Number);
    expect(answer.body.days).toHaveLength(new Date(Date.UTC(year, index, 0)).getUTCDate());
    const day = answer.body.days.find(
      (d: { day: string }) => d.day === daysAgo(2).toISOString().slice(0, 10),
    );
    expect(day).toEqual({ day: day.day, mood: 'sad', checkins: 2, reflections: 0 });
  });

  it('defaults to this month; today has the check-in and the reflection', async () => {
    const answer = await get(luna, '/profile/wellness/calendar');
    expect(answer.body.month).toBe(today.slice(0, 7));
    expect(answer.body.days.find((d: { day: string }) => d.day === today)).toEqual({
      day: today,
      mood: 'excited',
      checkins: 1,
      reflections: 1,
    });
  });

  it("shows only the caller's own: another member's month is empty", async () => {
    const answer = await get(orion, '/profile/wellness/calendar');
    expect(answer.status).toBe(200);
    expect(
      answer.body.days.every((d: { mood: string; checkins: number }) => d.mood === '' && d.checkins === 0),
    ).toBe(true);
  });

  it('refuses a malformed month with a clear 422', async () => {
    for (const month of ['2026-13', '26-01', 'x', '1999-12'])
      expect(await get(luna, `/profile/wellness/calendar?month=${month}`)).toMatchObject({
        status: 422,
        body: { detail: 'month must be a calendar month YYYY-MM from 2000-01 to 2100-12' },
      });
    expect((await get(luna, '/profile/wellness/calendar?month=a&month=b')).status).toBe(422);
  });
});

describe('the mood and energy trend', () => {
  it('averages each of the last 30 days, oldest first, ending today', async () => {
    const answer = await get(luna, '/profile/wellness/trend');
    expect(answer.status).toBe(200);
    expect(answer.body.days).toBe(30);
    const points = answer.body.points;
    expect(points).toHaveLength(30);
    expect(points[29]).toEqual({ day: today, checkins: 1, mood_score: 5, energy: 9 });
    expect(points[28]).toMatchObject({ checkins: 1, mood_score: 3, energy: 5 });
    expect(points[27]).toMatchObject({ checkins: 2, mood_score: 3, energy: 5 });
    expect(points.slice(0, 27).every((p: { checkins: number }) => p.checkins === 0)).toBe(true);
  });

  it('90 days reaches the older run', async () => {
    const answer = await get(luna, '/profile/wellness/trend?days=90');
    expect(answer.body.points).toHaveLength(90);
    expect(answer.body.points.filter((p: { checkins: number }) => p.checkins > 0)).toHaveLength(7);
  });

  it('refuses other lengths', async () => {
    expect(await get(luna, '/profile/wellness/trend?days=7')).toMatchObject({
      status: 422,
      body: { detail: 'days must be 30 or 90' },
    });
    expect((await get(luna, '/profile/wellness/trend?days=abc')).status).toBe(422);
  });
});

describe('streaks', () => {
  it('count the days in a row up to today and keep the longest', async () => {
    expect(await get(luna, '/profile/wellness/streaks')).toMatchObject({
      status: 200,
      body: {
        check_ins: { current: 3, longest: 4, done_today: true },
        reflections: { current: 1, longest: 1, done_today: true },
      },
    });
  });

  it('are zero for a new member', async () => {
    expect((await get(orion, '/profile/wellness/streaks')).body).toEqual({
      check_ins: { current: 0, longest: 0, done_today: false },
      reflections: { current: 0, longest: 0, done_today: false },
    });
  });
});

describe('the CSV export', () => {
  const download = (member: Member) =>
    fetch(`${baseUrl}/api/profile/wellness/export.csv`, {
      headers: { authorization: `Bearer ${member.token}` },
    });

  it('is a download of the caller’s check-ins and reflections, newest first, formulas defused', async () => {
    const response = await download(luna);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="aura-wellness-${today}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('type,created_at,mood,energy_level,text,category,id');
    expect(lines[1]).toMatch(/^reflection,[^,]+,positive,,"Grateful,\nfor the sea",general,/);
    expect(lines[2]).toMatch(/^check_in,[^,]+,excited,9,"'=cmd\|calc, ""quoted""",,/);
    // 8 check-ins + 1 reflection, a header and the final line break.
    expect(lines).toHaveLength(11);
  });

  it('has only the header for a member without entries', async () => {
    expect(await (await download(orion)).text()).toBe(
      'type,created_at,mood,energy_level,text,category,id\r\n',
    );
  });
});
