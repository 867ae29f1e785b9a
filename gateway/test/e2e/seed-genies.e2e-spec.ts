// The demo genie seed (scripts/seed/genies.mjs) against the running stack: collectors get bottles
// revealed into genies with a featured one, kai receives a gift from luna, and a second run moves no
// money and adds nothing; the ledger check passes after both runs.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { api, baseUrl } from './support/api';

const scripts = join(__dirname, '..', '..', '..', 'scripts', 'seed');

/** Runs the demo members' seed and the genie seed in a child process (they are ES modules). */
function runSeed(): { genieBottlesBought: number; geniesRevealed: number; genieGifts: number } {
  const program = `
    const { seedMembers } = await import(${JSON.stringify(join(scripts, 'members.mjs'))});
    const { seedGenies } = await import(${JSON.stringify(join(scripts, 'genies.mjs'))});
    const sessions = await seedMembers(process.argv[1]);
    process.stdout.write(JSON.stringify(await seedGenies(process.argv[1], sessions)));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', program, baseUrl], {
    encoding: 'utf8',
    env: process.env,
    timeout: 120_000,
  });
  return JSON.parse(output);
}

async function demo(username: string) {
  const login = await api('POST', '/auth/login', { body: { username, password: 'aura-demo-2026' } });
  const token = login.body.access_token as string;
  const [genies, wallet] = await Promise.all([
    api('GET', '/genies/collection', { token }),
    api('GET', '/wallet', { token }),
  ]);
  return {
    id: login.body.user.id as string,
    token,
    genies: genies.body,
    balance: wallet.body.aura_coin_balance_micro,
  };
}

describe('demo genie seed', () => {
  it('seeds collections with a featured genie and a gift; a second run moves no money', async () => {
    runSeed();
    const luna = await demo('luna');
    const kai = await demo('kai');
    const sage = await demo('sage');
    expect(luna.genies.length).toBeGreaterThanOrEqual(1);
    expect(luna.genies.filter((g: { is_featured: boolean }) => g.is_featured)).toHaveLength(1);
    expect(sage.genies).toHaveLength(2);
    expect(kai.genies.some((g: { received_as_gift: boolean }) => g.received_as_gift)).toBe(true);
    const profile = await api('GET', `/users/${luna.id}/profile`, { token: kai.token });
    expect(profile.body.featured_genie).toMatchObject({
      nickname: 'Moonbeam',
      genie: { name: expect.any(String) },
    });

    const second = runSeed();
    expect(second).toEqual({ genieBottlesBought: 0, geniesRevealed: 0, genieGifts: 0 });
    expect(await demo('luna')).toMatchObject({
      balance: luna.balance,
      genies: luna.genies.map(() => expect.anything()),
    });
    expect((await demo('kai')).balance).toBe(kai.balance);
    expect((await demo('sage')).balance).toBe(sage.balance);

    const login = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
    });
    expect(await api('GET', '/admin/ledger/verify', { token: login.body.access_token })).toMatchObject({
      status: 200,
      body: { ok: true, sum_micro: 0 },
    });
  }, 300_000);
});
