// The demo wellness seed (scripts/seed/wellness.mjs) against the running stack: it writes check-ins,
// reflections, profiles and a range of aura scores, and a second run duplicates nothing.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { api, baseUrl } from './support/api';

const scripts = join(__dirname, '..', '..', '..', 'scripts', 'seed');

/** Runs the demo members' seed and the wellness seed in a child process (they are ES modules). */
function runSeed(): { checkIns: number; reflections: number; auraScores: Record<string, number> } {
  const program = `
    const { seedMembers } = await import(${JSON.stringify(join(scripts, 'members.mjs'))});
    const { seedWellness } = await import(${JSON.stringify(join(scripts, 'wellness.mjs'))});
    const sessions = await seedMembers(process.argv[1]);
    const result = await seedWellness(process.argv[1], sessions);
    process.stdout.write(JSON.stringify(result.wellness));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', program, baseUrl], {
    encoding: 'utf8',
    env: process.env,
    timeout: 120_000,
  });
  return JSON.parse(output);
}

async function wellnessOf(username: string) {
  const login = await api('POST', '/auth/login', { body: { username, password: 'aura-demo-2026' } });
  const token = login.body.access_token as string;
  const [checkIns, reflections] = await Promise.all([
    api('GET', '/profile/mood-checkins?limit=100', { token }),
    api('GET', '/reflections?limit=100', { token }),
  ]);
  return { user: login.body.user, checkIns: checkIns.body.length, reflections: reflections.body.length };
}

describe('demo wellness seed', () => {
  it('seeds check-ins, reflections and aura across the levels; a second run duplicates nothing', async () => {
    const first = runSeed();
    const after = await wellnessOf('luna');
    expect(after.checkIns).toBeGreaterThanOrEqual(2);
    expect(after.reflections).toBeGreaterThanOrEqual(2);
    expect(after.user).toMatchObject({ profile_ring_color: 'gold', profile_background: 'aurora' });
    // One member per level: Cosmic ≥ 900, Radiant 700, Empowered 500, Rising 300, Starter < 300.
    expect(first.auraScores.luna).toBeGreaterThanOrEqual(900);
    expect(first.auraScores.orion).toBeGreaterThanOrEqual(700);
    expect(first.auraScores.orion).toBeLessThan(900);
    expect(first.auraScores.sage).toBeGreaterThanOrEqual(500);
    expect(first.auraScores.sage).toBeLessThan(700);
    expect(first.auraScores.nova).toBeGreaterThanOrEqual(300);
    expect(first.auraScores.nova).toBeLessThan(500);
    expect(first.auraScores.kai).toBeLessThan(300);

    const second = runSeed();
    expect(second).toMatchObject({ checkIns: 0, reflections: 0 });
    expect(await wellnessOf('luna')).toMatchObject({
      checkIns: after.checkIns,
      reflections: after.reflections,
    });
    expect((await wellnessOf('kai')).user.aura_score).toBe(first.auraScores.kai);
  }, 300_000);
});
