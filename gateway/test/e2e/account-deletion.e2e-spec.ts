// Leaving Aura (issue 21 §5): a member asks, with the password, to delete the account; every session
// ends; signing in within 30 days keeps it; after that (a test clock: identity erases as of a time the
// test picks) the profile is anonymous, posts, comments, likes, follows and sent messages are gone,
// and the ledger still adds up.
import { closeTestClock, earn, closeEarnings, runAccountDeletionsAt, waitFor } from '@aura/platform/testing';
import { api, clientAddress } from './support/api';
import { fetchMedia, pngBytes, uploadFile } from './support/media-files';
import { CATCH_UP_TIMEOUT_MS, createPost, Member, socialCaughtUp, socialMember } from './support/social';

const DAY_MS = 86_400_000;
const passwordOf = new Map<string, string>();

afterAll(() => {
  closeTestClock();
  closeEarnings();
});

beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

async function member(prefix: string): Promise<Member> {
  const signedUp = await socialMember(prefix);
  // socialMember signs up with newMember()'s fixed test password.
  passwordOf.set(signedUp.id, 'correct horse battery');
  return signedUp;
}

const signIn = (who: Member, password = passwordOf.get(who.id)!) =>
  api('POST', '/auth/login', {
    body: { username: who.username, password },
    headers: { 'x-forwarded-for': clientAddress() },
  });

const askToLeave = (who: Member, password = passwordOf.get(who.id)!) =>
  api('POST', '/auth/account/delete', { token: who.token, body: { password } });

describe('account deletion', () => {
  it('needs the password, ends every session, and is cancelled by signing in again', async () => {
    const leaver = await member('del_a');
    const other = await signIn(leaver);
    expect(other.status).toBe(200);
    expect(await askToLeave(leaver, 'not-my-password')).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });
    const asked = await askToLeave(leaver);
    expect(asked.status).toBe(200);
    const due = new Date(asked.body.delete_at).getTime();
    expect(due - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(asked.body.message).toMatch(
      /^Your account will be deleted on \d{1,2} \w+ \d{4}\. Sign in before then to keep it\.$/,
    );
    // Both sessions are over.
    expect((await api('GET', '/auth/me', { token: leaver.token })).status).toBe(401);
    expect((await api('GET', '/auth/me', { token: other.body.access_token })).status).toBe(401);
    // Nothing is erased before the end of the grace period.
    expect(await runAccountDeletionsAt(new Date(due - 60_000))).not.toContain(leaver.id);
    // Signing in again keeps the account, and says so once.
    const back = await signIn(leaver);
    expect(back).toMatchObject({ status: 200, body: { deletion_cancelled: true, user: { id: leaver.id } } });
    expect((await signIn(leaver)).body.deletion_cancelled).toBeUndefined();
    expect(await runAccountDeletionsAt(new Date(due + DAY_MS))).not.toContain(leaver.id);
    expect((await api('GET', '/auth/me', { token: back.body.access_token })).body.username).toBe(
      leaver.username,
    );
  });

  it('after 30 days erases the profile, content, follows and sent messages; the ledger still adds up', async () => {
    const [leaver, friend] = [await member('del_b'), await member('del_f')];
    const post = await createPost(leaver, { content: 'My last words here' });
    const friendPost = await createPost(friend, { content: 'A friend post' });
    expect(
      (
        await api('POST', `/posts/${friendPost.id}/comments`, {
          token: leaver.token,
          body: { content: 'bye!' },
        })
      ).status,
    ).toBe(201);
    expect((await api('POST', `/posts/${friendPost.id}/like`, { token: leaver.token })).status).toBe(200);
    expect((await api('POST', `/users/${friend.id}/follow`, { token: leaver.token })).status).toBe(200);
    const sent = await api('POST', '/messages', {
      token: leaver.token,
      body: { recipient_id: friend.id, content: 'keep in touch', message_type: 'text' },
    });
    expect(sent.status).toBe(201);
    const reply = await api('POST', '/messages', {
      token: friend.token,
      body: { recipient_id: leaver.id, content: 'will do', message_type: 'text' },
    });
    expect(reply.status).toBe(201);
    await earn(leaver.id, 5);
    expect(
      (
        await api('POST', '/tips/send', {
          token: leaver.token,
          body: { recipient_id: friend.id, amount: 2, currency: 'AC', message: 'for you' },
        })
      ).status,
    ).toBe(200);

    const picture = await uploadFile(
      '/profile/upload-picture',
      { bytes: await pngBytes(), name: 'me.png', type: 'image/png' },
      { token: leaver.token },
    );
    expect(picture.status).toBe(200);
    const pictureUrl: string = picture.body.profile_picture_url;
    expect((await fetchMedia(pictureUrl)).status).toBe(200);

    const asked = await askToLeave(leaver);
    expect(asked.status).toBe(200);
    const erased = await runAccountDeletionsAt(new Date(new Date(asked.body.delete_at).getTime() + 1000));
    expect(erased).toContain(leaver.id);
    // A second run finds nothing more to do.
    expect(await runAccountDeletionsAt(new Date(Date.now() + 40 * DAY_MS))).not.toContain(leaver.id);

    // The old credentials open nothing.
    expect((await signIn(leaver)).status).toBe(401);
    // Nobody can take their username at once and be taken for them (held 90 days, whatever the case).
    const taker = await api('POST', '/auth/register', {
      body: {
        username: leaver.username.toUpperCase(),
        email: `taker_${Date.now()}@example.com`,
        password: 'correct horse battery',
        display_name: 'Taker',
      },
    });
    // (Registration does not say which of the two is taken: no way to probe for members.)
    expect(taker).toMatchObject({
      status: 400,
      body: {
        detail:
          'This username or email cannot be used. Choose another, or sign in if you already have an account.',
      },
    });
    // Others see an anonymous member...
    await waitFor(
      async () => {
        const { body } = await api('GET', `/users/${leaver.id}`, { token: friend.token });
        return body.display_name === 'Deleted member' && body.username === `deleted_${leaver.id}`;
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'the anonymous profile' },
    );
    const shown = (await api('GET', `/users/${leaver.id}`, { token: friend.token })).body;
    expect(shown).toMatchObject({ bio: '', profile_picture: '', is_deleted: true });
    // ...with nothing left of theirs.
    await waitFor(
      async () => {
        const posts = (await api('GET', `/users/${leaver.id}/posts`, { token: friend.token })).body;
        const comments = (await api('GET', `/posts/${friendPost.id}/comments`, { token: friend.token })).body;
        const friendProfile = (await api('GET', `/users/${friend.id}`, { token: friend.token })).body;
        const mine = (await api('GET', `/users/${friend.id}/posts`, { token: friend.token })).body;
        const counted = mine.find((p: { id: string }) => p.id === friendPost.id);
        return (
          !posts.some((p: { id: string }) => p.id === post.id) &&
          comments.length === 0 &&
          friendProfile.followers_count === 0 &&
          counted?.comments_count === 0 &&
          counted?.likes_count === 0
        );
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'the content, likes and follow to be gone' },
    );
    await waitFor(
      async () => {
        const { body } = await api('GET', `/conversations/${sent.body.conversation_id}/messages`, {
          token: friend.token,
        });
        return body.length === 1 && body[0].id === reply.body.id;
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'the messages they sent to be gone' },
    );
    // Their files are gone from storage.
    await waitFor(async () => (await fetchMedia(pictureUrl)).status === 404, {
      timeoutMs: 20_000,
      intervalMs: 300,
      what: 'the profile picture to be deleted',
    });
    // The money they sent stays where it went, and the ledger still balances.
    const superAdmin = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    // The tip keeps its amount in the friend's history, not the sender's name or words.
    await waitFor(
      async () => {
        const history = (await api('GET', '/wallet/transactions', { token: friend.token })).body;
        const tip = history.find((t: { transaction_type: string; amount: number }) => t.amount === 2);
        return tip?.description === 'Energy received from a member' && tip.memo === '';
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'the tip to be anonymous' },
    );
    const verified = await api('GET', '/admin/ledger/verify', { token: superAdmin.body.access_token });
    expect(verified).toMatchObject({ status: 200, body: { ok: true, sum_micro: 0 } });
  });

  it('keeps admins: an admin account cannot be deleted', async () => {
    const superAdmin = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(
      await api('POST', '/auth/account/delete', {
        token: superAdmin.body.access_token,
        body: { password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin' },
      }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'An admin account cannot be deleted: ask a super admin to change your role first' },
    });
    expect((await api('POST', '/auth/account/delete', { body: { password: 'x' } })).status).toBe(401);
  });
});
