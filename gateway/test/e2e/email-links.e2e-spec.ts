// Links mailed to members, through the gateway against the running stack and the local SMTP catcher
// (deploy/local's Mailpit): a forgotten password reset by a single-use link that does not say whether an
// address has an account, and the confirmation of the e-mail address mailed at sign-up.
import { lastMailTo, linkIn } from '@aura/platform/testing';
import { api, clientAddress, newMember } from './support/api';

const RESET_REQUESTED = 'If an account uses that email, we sent it a link to reset the password.';
const LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';

/** The token of a mailed link: it travels in the fragment (/#reset-password=… or /#verify-email=…). */
const tokenOf = (link: string) => new URL(link).hash.replace(/^#[a-z-]+=/, '');

/** Each test asks from an address of its own: the per-address limits are not what is tested. */
const fromAddress = () => ({ 'x-forwarded-for': clientAddress() });

async function signUp() {
  const member = newMember('mail');
  const answer = await api('POST', '/auth/register', { body: member });
  expect(answer.status).toBe(201);
  return { ...member, token: answer.body.access_token as string, id: answer.body.user.id as string };
}

async function requestReset(email: string, headers = fromAddress()) {
  return api('POST', '/auth/password-reset/request', { body: { email }, headers });
}

describe('resetting a forgotten password', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const member = await signUp();
    const since = new Date();
    const unknown = await requestReset(`nobody_${member.username}@example.com`);
    const known = await requestReset(member.email.toUpperCase());
    expect(unknown).toMatchObject({ status: 202, body: { detail: RESET_REQUESTED } });
    expect(known).toMatchObject({ status: 202, body: { detail: RESET_REQUESTED } });
    const mail = await lastMailTo(member.email, { since, subjectContains: 'Reset your Aura password' });
    expect(mail.text).toContain('The link works once, for 60 minutes.');
    expect(linkIn(mail.text, '/#reset-password=')).toMatch(/^https?:\/\/[^/]+\/#reset-password=[\w-]{43}$/);
  });

  it('the link sets a new password once, signs every session out, and only the new password signs in', async () => {
    const member = await signUp();
    const since = new Date();
    await requestReset(member.email);
    const link = linkIn(
      (await lastMailTo(member.email, { since, subjectContains: 'Reset' })).text,
      '/#reset-password=',
    );
    const reset = (token: string, new_password: string) =>
      api('POST', '/auth/password-reset', { body: { token, new_password }, headers: fromAddress() });

    expect(await reset(tokenOf(link), 'short')).toMatchObject({
      status: 400,
      body: { detail: 'Password must be at least 8 characters' },
    });
    // A refused password did not spend the link.
    const done = await reset(tokenOf(link), 'a fresh start passphrase');
    expect(done).toMatchObject({ status: 200, body: { sessions_ended: 1 } });
    expect((await api('GET', '/auth/me', { token: member.token })).status).toBe(401);
    expect(await reset(tokenOf(link), 'yet another passphrase')).toMatchObject({
      status: 400,
      body: { detail: LINK_INVALID },
    });
    const headers = fromAddress();
    const login = (password: string) =>
      api('POST', '/auth/login', { body: { username: member.username, password }, headers });
    expect((await login(member.password)).status).toBe(401);
    const signedIn = await login('a fresh start passphrase');
    expect(signedIn.status).toBe(200);
    // Reading mail sent to the address confirmed it.
    expect(signedIn.body.user.email_verified).toBe(true);
  });

  it('a newer link replaces the older one; a made-up token is refused', async () => {
    const member = await signUp();
    const first = new Date();
    await requestReset(member.email);
    const older = linkIn(
      (await lastMailTo(member.email, { since: first, subjectContains: 'Reset' })).text,
      '/#reset-password=',
    );
    const second = new Date();
    await requestReset(member.email);
    const newer = linkIn(
      (await lastMailTo(member.email, { since: second, subjectContains: 'Reset' })).text,
      '/#reset-password=',
    );
    expect(newer).not.toBe(older);
    const reset = (token: string) =>
      api('POST', '/auth/password-reset', {
        body: { token, new_password: 'another passphrase' },
        headers: fromAddress(),
      });
    expect(await reset(tokenOf(older))).toMatchObject({ status: 400, body: { detail: LINK_INVALID } });
    expect(await reset('made-up-token')).toMatchObject({ status: 400, body: { detail: LINK_INVALID } });
    expect((await reset(tokenOf(newer))).status).toBe(200);
  });

  it('limits requests per e-mail address, whatever the client address (no mail bombing)', async () => {
    const member = await signUp();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push((await requestReset(member.email)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('refuses malformed bodies with 422', async () => {
    expect((await api('POST', '/auth/password-reset/request', { body: {} })).status).toBe(422);
    expect((await api('POST', '/auth/password-reset', { body: { token: 'x' } })).status).toBe(422);
    expect((await api('POST', '/auth/verify-email', { body: {} })).status).toBe(422);
  });
});

describe('confirming the e-mail address', () => {
  it('mails a link at sign-up; opening it confirms the address, once', async () => {
    const since = new Date();
    const member = await signUp();
    expect((await api('GET', '/auth/me', { token: member.token })).body.email_verified).toBe(false);
    const mail = await lastMailTo(member.email, { since, subjectContains: 'Confirm your email' });
    const link = linkIn(mail.text, '/#verify-email=');
    const verify = (token: string) =>
      api('POST', '/auth/verify-email', { body: { token }, headers: fromAddress() });
    expect(await verify(tokenOf(link))).toMatchObject({
      status: 200,
      body: { detail: 'Your email is confirmed.' },
    });
    expect((await api('GET', '/auth/me', { token: member.token })).body.email_verified).toBe(true);
    expect(await verify(tokenOf(link))).toMatchObject({ status: 400, body: { detail: LINK_INVALID } });
    // Nothing left to confirm.
    expect(await api('POST', '/auth/verify-email/resend', { token: member.token })).toMatchObject({
      status: 400,
      body: { detail: 'Your email is already confirmed' },
    });
  });

  it('a new link on request replaces the first; only signed-in members may ask', async () => {
    const since = new Date();
    const member = await signUp();
    const first = linkIn(
      (await lastMailTo(member.email, { since, subjectContains: 'Confirm' })).text,
      '/#verify-email=',
    );
    expect((await api('POST', '/auth/verify-email/resend')).status).toBe(401);
    const again = new Date();
    expect(await api('POST', '/auth/verify-email/resend', { token: member.token })).toMatchObject({
      status: 202,
      body: { detail: 'We sent you a new link to confirm your email.' },
    });
    const second = linkIn(
      (await lastMailTo(member.email, { since: again, subjectContains: 'Confirm' })).text,
      '/#verify-email=',
    );
    const verify = (token: string) =>
      api('POST', '/auth/verify-email', { body: { token }, headers: fromAddress() });
    expect((await verify(tokenOf(first))).status).toBe(400);
    expect((await verify(tokenOf(second))).status).toBe(200);
  });

  it("another member's e-mail stays hidden: the flag comes only with the own e-mail", async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    const profile = await api('GET', `/users/${bob.id}`, { token: alice.token });
    expect(profile.status).toBe(200);
    expect(profile.body).not.toHaveProperty('email');
    expect(profile.body).not.toHaveProperty('email_verified');
  });
});
