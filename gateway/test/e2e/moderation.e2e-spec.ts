// Reports and moderation through the gateway (issue 21 §3): members report a post, story, comment,
// message or member; reports of one thing form one case in the admin queue; an admin acts on it
// (dismiss, remove, warn, suspend, ban) with a reason, the action is in the audit log, the member is
// notified, and each action has its effect: removed content is gone, a suspended member can read but
// not post, message, tip or withdraw, a banned member cannot use the app or sign in.
import { waitFor } from '@aura/platform/testing';
import { api, clientAddress, newMember } from './support/api';
import { closeSockets, listen } from './support/sockets';
import {
  CATCH_UP_TIMEOUT_MS,
  createPost,
  Member,
  socialCaughtUp,
  socialMember,
  uniqueWord,
} from './support/social';

let superAdmin: Member;
let admin: Member;

const asAdmin = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: admin.token, body });
const report = (who: Member, body: Record<string, unknown>) =>
  api('POST', '/reports', { token: who.token, body });

async function caseOf(targetType: string, targetId: string, status = 'open') {
  const { body } = await asAdmin(
    'GET',
    `/admin/moderation/cases?status=${status}&target_type=${targetType}&limit=100`,
  );
  return body.cases.find((found: { target: { id: string } }) => found.target.id === targetId);
}

async function notificationTitled(who: Member, title: string) {
  let found: { title: string; message: string } | undefined;
  await waitFor(
    async () => {
      const { body } = await api('GET', '/notifications?limit=50', { token: who.token });
      found = body.find((n: { title: string }) => n.title === title);
      return Boolean(found);
    },
    { timeoutMs: 20_000, intervalMs: 250, what: `the "${title}" notification` },
  );
  return found!;
}

/** The post as `viewer` sees it among its author's posts (undefined: not visible). */
async function visiblePost(viewer: Member, authorId: string, postId: string) {
  const { body } = await api('GET', `/users/${authorId}/posts?limit=50`, { token: viewer.token });
  return (body as { id: string; comments_count: number }[]).find((post) => post.id === postId);
}

const send = (from: Member, to: Member, content: string) =>
  api('POST', '/messages', {
    token: from.token,
    body: { recipient_id: to.id, content, message_type: 'text' },
  });

beforeAll(async () => {
  await socialCaughtUp();
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(login.status).toBe(200);
  superAdmin = {
    id: login.body.user.id,
    username: login.body.user.username,
    email: '',
    token: login.body.access_token,
  };
  admin = await socialMember('mod_admin');
  const promoted = await api('PUT', `/admin/users/${admin.id}`, {
    token: superAdmin.token,
    body: { user_id: admin.id, role: 'admin' },
  });
  expect(promoted.status).toBe(200);
}, CATCH_UP_TIMEOUT_MS);

afterEach(closeSockets);

describe('reporting', () => {
  it('checks what is reported: the kind, the reason, that it exists and is not one’s own, once per case', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const post = await createPost(author);
    expect(
      await report(reporter, { target_type: 'wallet', target_id: post.id, reason: 'spam' }),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await report(reporter, { target_type: 'post', target_id: post.id, reason: 'boring' }),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await report(reporter, {
        target_type: 'post',
        target_id: post.id,
        reason: 'spam',
        details: 'x'.repeat(501),
      }),
    ).toMatchObject({ status: 422, body: { detail: 'Details can be at most 500 characters' } });
    expect(
      await report(reporter, { target_type: 'post', target_id: '0123456789abcdef01234567', reason: 'spam' }),
    ).toMatchObject({ status: 404, body: { detail: 'Post not found' } });
    expect(await report(author, { target_type: 'post', target_id: post.id, reason: 'spam' })).toMatchObject({
      status: 422,
      body: { detail: 'You cannot report yourself' },
    });
    expect(await report(reporter, { target_type: 'post', target_id: post.id, reason: 'spam' })).toMatchObject(
      {
        status: 201,
        body: { message: 'Thanks for letting us know. Our moderators will review it.' },
      },
    );
    expect(await report(reporter, { target_type: 'post', target_id: post.id, reason: 'hate' })).toMatchObject(
      {
        status: 409,
        body: { detail: 'You have already reported this' },
      },
    );
    expect(
      await api('POST', '/reports', { body: { target_type: 'post', target_id: post.id, reason: 'spam' } }),
    ).toMatchObject({
      status: 401,
    });
  });

  it('takes at most 20 reports an hour from one member (AURA_RATE_LIMIT_REPORTS_PER_HOUR)', async () => {
    const [author, reporter] = [await socialMember('mod_rl'), await socialMember('mod_rr')];
    const post = await createPost(author);
    const body = { target_type: 'post', target_id: post.id, reason: 'spam' };
    const answers: number[] = [];
    for (let n = 0; n < 20; n += 1) answers.push((await report(reporter, body)).status);
    expect(answers).toEqual([201, ...Array(19).fill(409)]);
    const refused = await report(reporter, body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not held back by it.
    expect((await report(await socialMember('mod_ro'), body)).status).toBe(201);
  });

  it('gathers every report of one thing into one case, with what the first reporter saw', async () => {
    const author = await socialMember('mod_au');
    const reporters = await Promise.all([
      socialMember('mod_r1'),
      socialMember('mod_r2'),
      socialMember('mod_r3'),
    ]);
    const text = `Buy followers now ${uniqueWord()}`;
    const post = await createPost(author, { content: text });
    const reasons = ['spam', 'scam', 'spam'];
    const answers = await Promise.all(
      reporters.map((who, i) =>
        report(who, { target_type: 'post', target_id: post.id, reason: reasons[i], details: `r${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const found = await caseOf('post', post.id);
    expect(found).toMatchObject({
      status: 'open',
      report_count: 3,
      reasons: ['spam', 'scam'],
      member: { id: author.id, username: author.username },
      target: { type: 'post', id: post.id, member_id: author.id, text },
      resolution: '',
    });
    const detail = await asAdmin('GET', `/admin/moderation/cases/${found.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.reports.map((r: { reporter: { id: string } }) => r.reporter.id).sort()).toEqual(
      reporters.map((r) => r.id).sort(),
    );
    expect(detail.body.reports.map((r: { details: string }) => r.details).sort()).toEqual(['r0', 'r1', 'r2']);
    expect(detail.body.actions).toEqual([]);
    expect((await asAdmin('GET', '/admin/moderation/cases/not-a-case')).status).toBe(404);
  });

  it('pages and filters the queue by kind and reason', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const posts = await Promise.all([0, 1, 2].map(() => createPost(author)));
    for (const post of posts)
      expect(
        (await report(reporter, { target_type: 'post', target_id: post.id, reason: 'misinformation' }))
          .status,
      ).toBe(201);
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await asAdmin(
        'GET',
        `/admin/moderation/cases?reason=misinformation&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.cases.length).toBeLessThanOrEqual(2);
      for (const found of page.body.cases) expect(found.reasons).toContain('misinformation');
      seen.push(...page.body.cases.map((c: { target: { id: string } }) => c.target.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const post of posts) expect(seen).toContain(post.id);
    const comments = await asAdmin('GET', '/admin/moderation/cases?target_type=comment&limit=100');
    for (const found of comments.body.cases) expect(found.target.type).toBe('comment');
    expect((await asAdmin('GET', '/admin/moderation/cases?status=pending')).status).toBe(422);
    expect((await asAdmin('GET', '/admin/moderation/cases?cursor=bm9wZQ')).status).toBe(422);
  });
});

describe('acting on a case', () => {
  it('removes a post: it is gone everywhere, the author is told why, the audit log says who did it', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const post = await createPost(author);
    await report(reporter, { target_type: 'post', target_id: post.id, reason: 'hate' });
    const found = await caseOf('post', post.id);
    expect(
      (await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, { action: 'remove', reason: '' }))
        .body,
    ).toMatchObject({ detail: 'Please give a reason' });
    const acted = await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, {
      action: 'remove',
      reason: 'Hateful content',
    });
    expect(acted).toMatchObject({
      status: 200,
      body: {
        case: { id: found.id, status: 'closed', resolution: 'remove' },
        actions: [
          { action: 'remove', reason: 'Hateful content', admin: { id: admin.id }, member: { id: author.id } },
        ],
      },
    });
    // Two admins deciding at once: the second is told.
    expect(
      await api('POST', `/admin/moderation/cases/${found.id}/actions`, {
        token: superAdmin.token,
        body: { action: 'dismiss', reason: 'late' },
      }),
    ).toMatchObject({ status: 400, body: { detail: 'This case is already closed' } });
    await waitFor(
      async () => (await api('GET', `/posts/${post.id}`, { token: reporter.token })).status === 404,
      {
        timeoutMs: 20_000,
        intervalMs: 250,
        what: 'the removed post to be gone',
      },
    );
    // Waited for too: one run saw the author's list still hold the post just after the 404 above, though
    // both read the post from social's database (not explained yet; see the session note).
    await waitFor(async () => (await visiblePost(author, author.id, post.id)) === undefined, {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the removed post to leave its author’s list',
    });
    expect(await notificationTitled(author, 'Content removed')).toMatchObject({
      message: 'Your post was removed. Reason: Hateful content',
    });
    const log = await asAdmin('GET', `/admin/moderation/actions?member_id=${author.id}`);
    expect(log.body.actions).toEqual([
      expect.objectContaining({
        case_id: found.id,
        action: 'remove',
        reason: 'Hateful content',
        target_id: post.id,
      }),
    ]);
    // A new report of removed content is refused: nobody can see it any more.
    const late = await socialMember('mod_rp');
    expect((await report(late, { target_type: 'post', target_id: post.id, reason: 'spam' })).status).toBe(
      404,
    );
  });

  it('removes a comment (its post counts one fewer) and a message (the chat shows it was removed)', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const post = await createPost(reporter);
    const comment = await api('POST', `/posts/${post.id}/comments`, {
      token: author.token,
      body: { content: 'you are awful' },
    });
    expect(comment.status).toBe(201);
    const sent = await send(author, reporter, 'a threatening message');
    const [authorSocket, reporterSocket] = [await listen(author), await listen(reporter)];
    expect(sent.status).toBe(201);
    const messageId = sent.body.id;
    expect(
      (await report(reporter, { target_type: 'comment', target_id: comment.body.id, reason: 'harassment' }))
        .status,
    ).toBe(201);
    expect(
      (await report(reporter, { target_type: 'message', target_id: messageId, reason: 'harassment' })).status,
    ).toBe(201);
    const commentCase = await caseOf('comment', comment.body.id);
    expect(commentCase.target).toMatchObject({
      text: 'you are awful',
      context_id: post.id,
      member_id: author.id,
    });
    const messageCase = await caseOf('message', messageId);
    expect(messageCase.target).toMatchObject({ text: 'a threatening message', member_id: author.id });
    for (const found of [commentCase, messageCase])
      expect(
        (
          await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, {
            action: 'remove',
            reason: 'Harassment',
          })
        ).status,
      ).toBe(200);
    await waitFor(
      async () => {
        const { body } = await api('GET', `/posts/${post.id}/comments`, { token: reporter.token });
        return !body.some((c: { id: string }) => c.id === comment.body.id);
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'the removed comment to be gone' },
    );
    // The post's count is a second write after the comment's (social's sweep repairs it after a crash
    // between them): a read can fall between the two.
    await waitFor(async () => (await visiblePost(reporter, reporter.id, post.id))?.comments_count === 0, {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the post to count one comment fewer',
    });
    const conversation = sent.body.conversation_id;
    await waitFor(
      async () => {
        const { body } = await api('GET', `/conversations/${conversation}/messages`, {
          token: reporter.token,
        });
        const message = body.find((m: { id: string }) => m.id === messageId);
        return message?.removed === true && message.content === '';
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'the removed message to be cleared' },
    );
    // Both open chats are told (message_removed), and read the conversation again.
    for (const socket of [authorSocket, reporterSocket])
      await waitFor(
        () =>
          socket
            .received('message_removed')
            .some((event) => event.message_id === messageId && event.conversation_id === conversation),
        { timeoutMs: 20_000, intervalMs: 100, what: 'message_removed on both members’ sockets' },
      );
  });

  it('warns a member (a notification) and dismisses a report (nothing for the member)', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const posts = [await createPost(author), await createPost(author)];
    for (const post of posts)
      await report(reporter, { target_type: 'post', target_id: post.id, reason: 'other' });
    const [first, second] = [await caseOf('post', posts[0].id), await caseOf('post', posts[1].id)];
    expect(
      (
        await asAdmin('POST', `/admin/moderation/cases/${first.id}/actions`, {
          action: 'warn',
          reason: 'Keep it kind',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await asAdmin('POST', `/admin/moderation/cases/${second.id}/actions`, {
          action: 'dismiss',
          reason: 'Not a violation',
        })
      ).status,
    ).toBe(200);
    expect(await notificationTitled(author, 'A warning from the moderators')).toMatchObject({
      message: 'About your post: Keep it kind',
    });
    // Still visible: a warning and a dismissal leave the content alone.
    for (const post of posts) expect(await visiblePost(reporter, author.id, post.id)).toBeDefined();
    // The second case shows the first as the member's earlier case.
    const detail = await asAdmin('GET', `/admin/moderation/cases/${second.id}`);
    expect(detail.body.prior_cases).toContainEqual(
      expect.objectContaining({ id: first.id, resolution: 'warn' }),
    );
  });

  it('suspends a member: they read, but cannot post, comment, message, tip or withdraw until it ends', async () => {
    const [author, reporter] = [await socialMember('mod_au'), await socialMember('mod_rp')];
    const before = await createPost(author);
    await report(reporter, { target_type: 'member', target_id: author.id, reason: 'spam' });
    const found = await caseOf('member', author.id);
    expect(found.target).toMatchObject({ type: 'member', member_id: author.id });
    for (const [body, detail] of [
      [{ action: 'suspend', reason: 'Spam', days: 0 }, 'A suspension lasts 1 to 365 days'],
      [{ action: 'suspend', reason: 'Spam', days: 366 }, 'A suspension lasts 1 to 365 days'],
      [{ action: 'remove', reason: 'Spam' }, 'Only a post, story, comment or message can be removed'],
    ] as const)
      expect(await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, body)).toMatchObject({
        status: 422,
        body: { detail },
      });
    const acted = await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, {
      action: 'suspend',
      reason: 'Spam',
      days: 7,
    });
    expect(acted.status).toBe(200);
    const until = acted.body.actions[0].until;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    let refused: { status: number; body: { detail: string } } | undefined;
    await waitFor(
      async () => {
        refused = await api('POST', '/posts', { token: author.token, body: { content: 'still here' } });
        return refused.status === 403;
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'the suspension to hold' },
    );
    expect(refused!.body.detail).toBe(
      `Your account is suspended until ${until.slice(0, 16).replace('T', ' ')} UTC. Reason: Spam`,
    );
    const refusals = await Promise.all([
      api('POST', `/posts/${before.id}/comments`, { token: author.token, body: { content: 'hi' } }),
      send(author, reporter, 'hello'),
      api('POST', '/tips/send', {
        token: author.token,
        body: { recipient_id: reporter.id, amount: 1, currency: 'AC' },
      }),
      api('POST', '/payments/transfer', {
        token: author.token,
        body: { recipient_id: reporter.id, amount: 1 },
      }),
      api('POST', '/withdrawals/request', {
        token: author.token,
        body: { amount: 10, paypal_email: 'a@example.com' },
      }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    // Reading stays open, and the app learns why from /auth/me.
    expect(await visiblePost(author, author.id, before.id)).toBeDefined();
    expect((await api('GET', '/posts/feed/following', { token: author.token })).status).toBe(200);
    expect((await api('GET', '/wallet', { token: author.token })).status).toBe(200);
    expect((await api('GET', '/auth/me', { token: author.token })).body.restriction).toEqual({
      kind: 'suspended',
      reason: 'Spam',
      until,
    });
    // Others do not see it.
    expect(
      (await api('GET', `/users/${author.id}`, { token: reporter.token })).body.restriction,
    ).toBeUndefined();
    expect((await notificationTitled(author, 'Account suspended')).message).toContain('Reason: Spam');

    // An admin lifts it early, with a reason; once (a second lift has nothing to lift).
    const lift = (body: Record<string, unknown>) =>
      asAdmin('POST', `/admin/moderation/cases/${found.id}/lift`, body);
    expect(await lift({})).toMatchObject({ status: 422, body: { detail: 'Please give a reason' } });
    const lifted = await lift({ reason: 'Appeal accepted' });
    expect(lifted.status).toBe(200);
    expect(new Date(lifted.body.case.lifted_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(lifted.body.actions.map((entry: { action: string }) => entry.action)).toEqual(['suspend', 'lift']);
    expect(lifted.body.actions[1]).toMatchObject({ action: 'lift', reason: 'Appeal accepted' });
    expect(await lift({ reason: 'again' })).toMatchObject({
      status: 400,
      body: { detail: 'This case has no suspension or ban to lift' },
    });
    await waitFor(
      async () =>
        (await api('POST', '/posts', { token: author.token, body: { content: 'back' } })).status === 201,
      { timeoutMs: 20_000, intervalMs: 250, what: 'the member to post again' },
    );
    expect((await api('GET', '/auth/me', { token: author.token })).body.restriction).toBeNull();
    expect((await notificationTitled(author, 'Restriction lifted')).message).toContain(
      'Reason: Appeal accepted',
    );
    const log = await asAdmin('GET', `/admin/moderation/actions?member_id=${author.id}`);
    expect(log.body.actions.map((entry: { action: string }) => entry.action)).toEqual(['lift', 'suspend']);
  });

  it('bans a member: their tokens stop working at once and they cannot sign in again', async () => {
    const credentials = newMember('mod_ban');
    const registered = await api('POST', '/auth/register', { body: credentials });
    expect(registered.status).toBe(201);
    const banned: Member = {
      id: registered.body.user.id,
      username: credentials.username,
      email: '',
      token: registered.body.access_token,
    };
    const reporter = await socialMember('mod_rp');
    await waitFor(
      async () =>
        (await report(reporter, { target_type: 'member', target_id: banned.id, reason: 'scam' })).status ===
        201,
      {
        timeoutMs: 20_000,
        intervalMs: 250,
        what: 'the member to be reportable',
      },
    );
    const found = await caseOf('member', banned.id);
    expect(
      (
        await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, {
          action: 'ban',
          reason: 'Scam ring',
        })
      ).status,
    ).toBe(200);
    expect((await api('GET', '/auth/me', { token: banned.token })).status).toBe(401);
    await waitFor(
      async () => {
        const login = await api('POST', '/auth/login', {
          body: { username: credentials.username, password: credentials.password },
          headers: { 'x-forwarded-for': clientAddress() },
        });
        return (
          login.status === 403 && login.body.detail === 'This account has been banned. Reason: Scam ring'
        );
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'sign-in to be refused' },
    );

    // Lifted: the member signs in again and their new token works.
    expect(
      (await asAdmin('POST', `/admin/moderation/cases/${found.id}/lift`, { reason: 'Mistaken identity' }))
        .status,
    ).toBe(200);
    let signedIn: { status: number; body: { access_token?: string } } | undefined;
    await waitFor(
      async () => {
        signedIn = await api('POST', '/auth/login', {
          body: { username: credentials.username, password: credentials.password },
          headers: { 'x-forwarded-for': clientAddress() },
        });
        return signedIn.status === 200;
      },
      { timeoutMs: 20_000, intervalMs: 300, what: 'sign-in to work again' },
    );
    expect((await api('GET', '/auth/me', { token: signedIn!.body.access_token })).status).toBe(200);
  });

  it('keeps admins out of their own cases and out of suspensions', async () => {
    const reporter = await socialMember('mod_rp');
    expect(
      (await report(reporter, { target_type: 'member', target_id: admin.id, reason: 'other' })).status,
    ).toBe(201);
    const found = await caseOf('member', admin.id);
    expect(
      await asAdmin('POST', `/admin/moderation/cases/${found.id}/actions`, {
        action: 'dismiss',
        reason: 'mine',
      }),
    ).toMatchObject({
      status: 403,
      body: { detail: 'You cannot act on a report about yourself' },
    });
    expect(
      await api('POST', `/admin/moderation/cases/${found.id}/actions`, {
        token: superAdmin.token,
        body: { action: 'suspend', reason: 'x', days: 1 },
      }),
    ).toMatchObject({
      status: 403,
      body: { detail: 'Admins cannot be suspended or banned: change their role first' },
    });
    expect(
      (
        await api('POST', `/admin/moderation/cases/${found.id}/actions`, {
          token: superAdmin.token,
          body: { action: 'dismiss', reason: 'Not a violation' },
        })
      ).status,
    ).toBe(200);
  });
});
