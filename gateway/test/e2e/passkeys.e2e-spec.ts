// Passkeys through the gateway against the running stack, as far as an API client can go without an
// authenticator: who may call what, the options the browser gets (this site as relying party, a
// discoverable credential that verifies the member), and answers that do not verify. Registering and
// signing in with a real credential is web/test/browser/passkeys.browser-spec.ts (Chromium's virtual
// authenticator).
import { api, clientAddress, newMember } from './support/api';

const NOT_SAVED = 'The passkey could not be saved. Try again.';
const SIGN_IN_FAILED = 'That passkey could not sign you in. Try again or use your password.';
const headers = { 'x-forwarded-for': clientAddress() };

async function signUp() {
  const member = newMember('pk');
  const answer = await api('POST', '/auth/register', { body: member });
  expect(answer.status).toBe(201);
  return { ...member, token: answer.body.access_token as string, id: answer.body.user.id as string };
}

describe('registering a passkey', () => {
  it('asks the password, then offers this site as relying party for a discoverable, verifying credential', async () => {
    const member = await signUp();
    const options = (password: string) =>
      api('POST', '/auth/passkeys/registration/options', { token: member.token, body: { password } });
    expect(await options('not my password')).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });
    const answer = await options(member.password);
    expect(answer.status).toBe(200);
    expect(answer.body.ceremony_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body.options).toMatchObject({
      rp: { name: 'Aura', id: new URL(process.env.AURA_PUBLIC_URL!).hostname },
      user: { name: member.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      challenge: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(Buffer.from(answer.body.options.user.id, 'base64url').toString()).toBe(member.id);
  });

  it('refuses an answer that does not verify, and a ceremony of someone else, without saving anything', async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    const started = await api('POST', '/auth/passkeys/registration/options', {
      token: alice.token,
      body: { password: alice.password },
    });
    const fake = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} };
    const finish = (token: string) =>
      api('POST', '/auth/passkeys/registration', {
        token,
        body: { ceremony_id: started.body.ceremony_id, response: fake, name: 'Laptop' },
      });
    expect(await finish(bob.token)).toMatchObject({ status: 400, body: { detail: NOT_SAVED } });
    // Bob's try spent the ceremony: Alice's own answer is refused too (one answer per challenge).
    expect(await finish(alice.token)).toMatchObject({ status: 400, body: { detail: NOT_SAVED } });
    expect(await api('GET', '/auth/passkeys', { token: alice.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });
});

describe('signing in with a passkey', () => {
  it('offers options to anyone, and refuses an unknown credential or a spent ceremony', async () => {
    const options = await api('POST', '/auth/passkeys/sign-in/options', { headers });
    expect(options.status).toBe(200);
    expect(options.body.options).toMatchObject({
      rpId: new URL(process.env.AURA_PUBLIC_URL!).hostname,
      userVerification: 'required',
    });
    expect(options.body.options.allowCredentials ?? []).toEqual([]);
    const unknown = { id: 'bm90LWEta2V5', rawId: 'bm90LWEta2V5', type: 'public-key', response: {} };
    const signIn = () =>
      api('POST', '/auth/passkeys/sign-in', {
        headers,
        body: { ceremony_id: options.body.ceremony_id, response: unknown },
      });
    expect(await signIn()).toMatchObject({ status: 401, body: { detail: SIGN_IN_FAILED } });
    expect(await signIn()).toMatchObject({ status: 401, body: { detail: SIGN_IN_FAILED } });
  });
});

describe('who may call the passkey routes', () => {
  it.each([
    ['GET', '/auth/passkeys', undefined],
    ['POST', '/auth/passkeys/registration/options', { password: 'x' }],
    ['POST', '/auth/passkeys/registration', { ceremony_id: 'x', response: {} }],
    ['DELETE', '/auth/passkeys/some-id', { password: 'x' }],
  ])('%s %s: 401 without a token', async (method, path, body) => {
    expect((await api(method, path, { body })).status).toBe(401);
  });

  it('malformed bodies are 422; removing a passkey that is not the caller’s is 404', async () => {
    const member = await signUp();
    const call = (method: string, path: string, body: unknown) =>
      api(method, path, { token: member.token, body, headers });
    expect(
      (await call('POST', '/auth/passkeys/registration', { ceremony_id: 'x', response: 'text' })).status,
    ).toBe(422);
    expect((await call('POST', '/auth/passkeys/sign-in', { ceremony_id: 'x' })).status).toBe(422);
    expect(await call('DELETE', '/auth/passkeys/not-mine', { password: member.password })).toMatchObject({
      status: 404,
      body: { detail: 'Passkey not found' },
    });
  });
});
