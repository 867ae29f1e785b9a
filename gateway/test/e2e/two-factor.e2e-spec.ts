// Two-factor authentication through the gateway against the running stack: an authenticator app (TOTP)
// set up with the password and confirmed with a code, sign-in in two steps, single-use codes and
// recovery codes, and turning it off with both factors. Codes are computed here as an app would.
import { totpCode, totpStep } from '../../../services/identity/src/two-factor/totp';
import { api, clientAddress, newMember, refreshCookie } from './support/api';

const INVALID_CODE = 'Invalid verification code';
const SIGN_IN_AGAIN = 'This sign-in has expired or had too many tries. Please sign in again.';

/** The app's code for the step `offset` steps from now (the server accepts one step either side). */
const codeOf = (secret: string, offset = 0) => totpCode(secret, totpStep(new Date()) + offset);

interface Member {
  username: string;
  password: string;
  token: string;
}

/** Each test signs in from an address of its own: the per-address sign-in limit is not what is tested. */
function client() {
  const headers = { 'x-forwarded-for': clientAddress() };
  return {
    login: (username: string, password: string) =>
      api('POST', '/auth/login', { body: { username, password }, headers }),
    secondFactor: (second_factor_token: string, code: string) =>
      api('POST', '/auth/login/second-factor', { body: { second_factor_token, code }, headers }),
  };
}

async function signUp(): Promise<Member> {
  const member = newMember('tfa');
  const answer = await api('POST', '/auth/register', { body: member });
  expect(answer.status).toBe(201);
  return { username: member.username, password: member.password, token: answer.body.access_token };
}

/**
 * Sets up and turns on the authenticator; answers its secret, the recovery codes and the time step whose
 * code turned it on (spent from then on).
 */
async function turnOn(member: Member): Promise<{ secret: string; recoveryCodes: string[]; step: number }> {
  const setup = await api('POST', '/auth/two-factor/totp', {
    token: member.token,
    body: { password: member.password },
  });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const step = totpStep(new Date());
  const enabled = await api('POST', '/auth/two-factor/totp/enable', {
    token: member.token,
    body: { code: totpCode(secret, step) },
  });
  expect(enabled.status).toBe(200);
  return { secret, recoveryCodes: enabled.body.recovery_codes, step };
}

describe('setting up an authenticator app', () => {
  it('asks the password, answers a secret and its otpauth URI, and is off until a code confirms it', async () => {
    const member = await signUp();
    const start = (password: string) =>
      api('POST', '/auth/two-factor/totp', { token: member.token, body: { password } });
    expect(await start('not my password')).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });

    const setup = await start(member.password);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toBe(
      `otpauth://totp/Aura%3A${member.username}?secret=${setup.body.secret}&issuer=Aura&algorithm=SHA1&digits=6&period=30`,
    );
    // Not on yet: sign-in is one step, the status says off.
    expect(await api('GET', '/auth/two-factor', { token: member.token })).toMatchObject({
      status: 200,
      body: { totp_enabled: false, recovery_codes_left: 0 },
    });
    expect((await client().login(member.username, member.password)).body).toHaveProperty('access_token');

    const secret = setup.body.secret as string;
    const enable = (code: string) =>
      api('POST', '/auth/two-factor/totp/enable', { token: member.token, body: { code } });
    expect(await enable(codeOf(secret, 5))).toMatchObject({ status: 400, body: { detail: INVALID_CODE } });
    const enabled = await enable(codeOf(secret));
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await api('GET', '/auth/two-factor', { token: member.token })).toMatchObject({
      body: { totp_enabled: true, recovery_codes_left: 10 },
    });
    // Once on, neither a second setup nor a second enable can replace the secret.
    expect(await start(member.password)).toMatchObject({
      status: 400,
      body: { detail: 'Two-factor authentication is already on' },
    });
    expect(await enable(codeOf(secret, 1))).toMatchObject({
      status: 400,
      body: { detail: 'Two-factor authentication is already on' },
    });
  });

  it('refuses to confirm a setup that was never started', async () => {
    const member = await signUp();
    const answer = await api('POST', '/auth/two-factor/totp/enable', {
      token: member.token,
      body: { code: '123456' },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: 'This setup has expired. Start again.' } });
  });
});

describe('signing in with a second factor', () => {
  it('the password alone answers a challenge, not a session; the code completes it', async () => {
    const member = await signUp();
    const { secret, step } = await turnOn(member);
    const { login, secondFactor } = client();

    const wrongPassword = await login(member.username, 'not my password');
    expect(wrongPassword).toMatchObject({ status: 401, body: { detail: 'Invalid username or password' } });

    const first = await login(member.username, member.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      second_factor_required: true,
      second_factor_token: expect.any(String),
      passkey_available: false,
    });
    expect(refreshCookie(first.headers)).toBeUndefined();

    const wrong = await secondFactor(first.body.second_factor_token, codeOf(secret, 3));
    expect(wrong).toMatchObject({ status: 401, body: { detail: INVALID_CODE } });
    // The code of the step used to turn it on is spent; the next step's code is good.
    const spent = await secondFactor(first.body.second_factor_token, totpCode(secret, step));
    expect(spent).toMatchObject({ status: 401, body: { detail: INVALID_CODE } });
    const signedIn = await secondFactor(first.body.second_factor_token, totpCode(secret, step + 1));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe(member.username);
    expect(refreshCookie(signedIn.headers)).toBeDefined();
    expect((await api('GET', '/auth/me', { token: signedIn.body.access_token })).status).toBe(200);

    // The challenge opened its one session; a code cannot be used twice either.
    expect(await secondFactor(first.body.second_factor_token, totpCode(secret, step + 1))).toMatchObject({
      status: 401,
      body: { detail: SIGN_IN_AGAIN },
    });
    const second = await login(member.username, member.password);
    expect(await secondFactor(second.body.second_factor_token, totpCode(secret, step + 1))).toMatchObject({
      status: 401,
      body: { detail: INVALID_CODE },
    });
  });

  it('a passkey answers the second step only for a member who has one; a failed one counts as a wrong code', async () => {
    const member = await signUp();
    const { secret } = await turnOn(member);
    const headers = { 'x-forwarded-for': clientAddress() };
    const { login, secondFactor } = client();
    const { body } = await login(member.username, member.password);
    expect(body.passkey_available).toBe(false);
    const options = (second_factor_token: string) =>
      api('POST', '/auth/passkeys/second-factor/options', { body: { second_factor_token }, headers });
    const answer = (second_factor_token: string) =>
      api('POST', '/auth/passkeys/second-factor', {
        body: {
          second_factor_token,
          ceremony_id: 'not-a-ceremony',
          response: { id: 'nope', type: 'public-key' },
        },
        headers,
      });
    expect(await options(body.second_factor_token)).toMatchObject({
      status: 400,
      body: { detail: 'You have no passkey' },
    });
    expect(await options('made-up-token')).toMatchObject({ status: 401, body: { detail: SIGN_IN_AGAIN } });
    expect((await api('POST', '/auth/passkeys/second-factor/options', { body: {}, headers })).status).toBe(
      422,
    );
    // Four failed passkey answers and a wrong code spend the challenge like five wrong codes.
    for (let attempt = 0; attempt < 4; attempt++)
      expect(await answer(body.second_factor_token)).toMatchObject({
        status: 401,
        body: { detail: 'That passkey could not sign you in. Try again or use your password.' },
      });
    expect((await secondFactor(body.second_factor_token, '000000')).body.detail).toBe(INVALID_CODE);
    expect(await secondFactor(body.second_factor_token, codeOf(secret, 1))).toMatchObject({
      status: 401,
      body: { detail: SIGN_IN_AGAIN },
    });
  });

  it('five wrong codes spend the challenge: the password step starts again', async () => {
    const member = await signUp();
    const { secret } = await turnOn(member);
    const { login, secondFactor } = client();
    const { body } = await login(member.username, member.password);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await secondFactor(body.second_factor_token, '000000')).body.detail).toBe(INVALID_CODE);
    expect(await secondFactor(body.second_factor_token, codeOf(secret, 1))).toMatchObject({
      status: 401,
      body: { detail: SIGN_IN_AGAIN },
    });
    expect(await secondFactor('made-up-token', codeOf(secret, 1))).toMatchObject({
      status: 401,
      body: { detail: SIGN_IN_AGAIN },
    });
  });

  it('a recovery code signs in once, in any case, and is counted down', async () => {
    const member = await signUp();
    const { recoveryCodes } = await turnOn(member);
    const { login, secondFactor } = client();
    const first = await login(member.username, member.password);
    const signedIn = await secondFactor(first.body.second_factor_token, recoveryCodes[3]!.toUpperCase());
    expect(signedIn.status).toBe(200);
    expect(await api('GET', '/auth/two-factor', { token: member.token })).toMatchObject({
      body: { totp_enabled: true, recovery_codes_left: 9 },
    });
    const again = await login(member.username, member.password);
    expect(await secondFactor(again.body.second_factor_token, recoveryCodes[3]!)).toMatchObject({
      status: 401,
      body: { detail: INVALID_CODE },
    });
  });

  it('new recovery codes replace the old ones (password again)', async () => {
    const member = await signUp();
    const { recoveryCodes } = await turnOn(member);
    const renew = (password: string) =>
      api('POST', '/auth/two-factor/recovery-codes', { token: member.token, body: { password } });
    expect(await renew('not my password')).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });
    const renewed = await renew(member.password);
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const { login, secondFactor } = client();
    const challenge = await login(member.username, member.password);
    expect((await secondFactor(challenge.body.second_factor_token, recoveryCodes[0]!)).status).toBe(401);
    expect(
      (await secondFactor(challenge.body.second_factor_token, renewed.body.recovery_codes[0])).status,
    ).toBe(200);
  });
});

describe('turning two-factor authentication off', () => {
  it('takes the password and a current code; then sign-in is one step again', async () => {
    const member = await signUp();
    const { secret } = await turnOn(member);
    const off = (password: string, code: string) =>
      api('POST', '/auth/two-factor/disable', { token: member.token, body: { password, code } });
    expect(await off('not my password', codeOf(secret, 1))).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });
    expect(await off(member.password, codeOf(secret, 4))).toMatchObject({
      status: 403,
      body: { detail: INVALID_CODE },
    });
    expect(await off(member.password, codeOf(secret, 1))).toMatchObject({
      status: 200,
      body: { totp_enabled: false, recovery_codes_left: 0 },
    });
    expect((await client().login(member.username, member.password)).body).toHaveProperty('access_token');
    expect(await off(member.password, codeOf(secret, 1))).toMatchObject({
      status: 400,
      body: { detail: 'Two-factor authentication is not on' },
    });
  });
});

describe('who may call the two-factor routes', () => {
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/auth/two-factor', undefined],
    ['POST', '/auth/two-factor/totp', { password: 'x' }],
    ['POST', '/auth/two-factor/totp/enable', { code: '123456' }],
    ['POST', '/auth/two-factor/recovery-codes', { password: 'x' }],
    ['POST', '/auth/two-factor/disable', { password: 'x', code: '123456' }],
  ];

  it.each(routes)('%s %s: 401 without a token; a malformed body is 422', async (method, path, body) => {
    expect((await api(method, path, { body })).status).toBe(401);
    if (body === undefined) return;
    const member = await signUp();
    expect((await api(method, path, { token: member.token, body: {} })).status).toBe(422);
  });

  it("a member's setup touches only their own account", async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    await turnOn(alice);
    expect(await api('GET', '/auth/two-factor', { token: bob.token })).toMatchObject({
      body: { totp_enabled: false },
    });
    expect((await client().login(bob.username, bob.password)).body).toHaveProperty('access_token');
  });
});

describe('requiring a second factor of admins (a super admin setting)', () => {
  const ADMINS_NEED_IT =
    'Admins must use two-factor authentication: turn it on in Settings → Account Security to open the admin panel';
  const setPolicy = (token: string, require_admin_two_factor: unknown) =>
    api('PUT', '/admin/security', { token, body: { require_admin_two_factor } });

  let owner: Member; // a super admin with a second factor, who sets the policy
  let admin: Member; // an admin without one
  let member: Member;

  beforeAll(async () => {
    const root = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(root.status).toBe(200);
    [owner, admin, member] = [await signUp(), await signUp(), await signUp()];
    for (const [who, role] of [
      [owner, 'super_admin'],
      [admin, 'admin'],
    ] as const) {
      const me = await api('GET', '/auth/me', { token: who.token });
      const promoted = await api('PUT', `/admin/users/${me.body.id}`, {
        token: root.body.access_token,
        body: { user_id: me.body.id, role },
      });
      expect(promoted.status).toBe(200);
    }
  });

  afterAll(async () => {
    // The policy is the community's: leave it off for the other suites.
    if (owner) expect((await setPolicy(owner.token, false)).status).toBe(200);
  });

  it('only a super admin sets it, and only with a second factor of their own', async () => {
    expect((await setPolicy(member.token, true)).status).toBe(403);
    expect((await setPolicy(admin.token, true)).status).toBe(403);
    expect(await setPolicy(owner.token, true)).toMatchObject({
      status: 400,
      body: {
        detail: 'Turn on two-factor authentication for your own account before requiring it of admins',
      },
    });
    expect((await setPolicy(owner.token, 'yes')).status).toBe(422);
    await turnOn(owner);
    expect(await setPolicy(owner.token, true)).toMatchObject({
      status: 200,
      body: { require_admin_two_factor: true },
    });
    expect(await api('GET', '/admin/security', { token: admin.token })).toMatchObject({
      status: 403,
      body: { detail: ADMINS_NEED_IT },
    });
  });

  it('an admin without one keeps member views but not admin views, until they turn it on', async () => {
    expect(await api('GET', '/admin/dashboard/stats', { token: admin.token })).toMatchObject({
      status: 403,
      body: { detail: ADMINS_NEED_IT },
    });
    expect((await api('GET', '/auth/me', { token: admin.token })).status).toBe(200);
    expect((await api('GET', '/posts/feed/following', { token: admin.token })).status).toBe(200);
    expect((await api('GET', '/admin/dashboard/stats', { token: owner.token })).status).toBe(200);
    // A member is not touched by it.
    expect((await api('GET', '/admin/dashboard/stats', { token: member.token })).body.detail).toBe(
      'You do not have permission to do this',
    );
    await turnOn(admin);
    expect((await api('GET', '/admin/dashboard/stats', { token: admin.token })).status).toBe(200);
    expect(await api('GET', '/admin/security', { token: admin.token })).toMatchObject({
      status: 200,
      body: { require_admin_two_factor: true },
    });
  });
});
