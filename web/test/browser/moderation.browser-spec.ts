// Reports and moderation in a real browser, against the running stack, at 390 and 1366 px (issue 21 §3):
// a member reports another member's post from its ⋯ menu with a reason; an admin opens Admin Panel →
// Moderation, finds the case with the reported text and the reporter, removes the post with a reason
// (asked first, refused while empty); the case moves to Closed and the audit log shows who did it and
// why; the author's feed no longer shows the post and the author is told ("Content removed"). A member
// suspended (through the API) sees the banner with the end and the reason, and a refused post says why
// in the server's words. An admin lifts a suspension early from its closed case (with a reason, asked
// first): the case says when, the audit entry reads "Lifted", and the member can post again. The
// screens are checked (nothing sideways, axe). Nothing is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  apiCall,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';
import { checkScreen, DESKTOP, dialogNamed, PHONE, type Viewport, SignedInPages } from './support/screens';

const SLOW_MS = 240_000;
/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
const REPORT_THANKS = 'Thanks for letting us know. Our moderators will review it.';

let browser: Browser;
let boss: Member;
const pages = new SignedInPages();

async function superAdminMember(): Promise<Member> {
  const username = process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin';
  const password = process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin';
  const login = await apiCall<{ access_token: string; user: { id: string; display_name: string } }>(
    'POST',
    '/auth/login',
    { body: { username, password } },
  );
  return {
    id: login.user.id,
    username,
    display_name: login.user.display_name,
    password,
    token: login.access_token,
  };
}

const makeAdmin = (member: Member) =>
  apiCall('PUT', `/admin/users/${member.id}`, {
    token: boss.token,
    body: { user_id: member.id, role: 'admin' },
  });

const signIn = (member: Member, viewport: Viewport) => pages.open(browser, member, viewport);

/** A dialog reached from the menu (there at every screen size). */
async function fromMenu(page: Page, entry: string, title = entry): Promise<Locator> {
  await button(page, 'Open menu').click();
  await dialogNamed(page, 'Menu')
    .getByRole('button', { name: new RegExp(`^${entry}`) })
    .click();
  const opened = dialogNamed(page, title);
  await opened.waitFor({ timeout: WAIT_MS });
  return opened;
}

/** Your Profile → Posts (opened if it is not open yet). */
async function ownPosts(page: Page): Promise<Locator> {
  const profile = dialogNamed(page, 'Your Profile');
  if (!(await profile.isVisible())) {
    await button(page, 'Open profile menu').click();
    await button(page, 'Your Profile').click();
  }
  await profile.getByRole('tab', { name: 'Posts', exact: true }).click();
  return profile.getByRole('tabpanel');
}

async function closeDialog(page: Page, name: string) {
  const open = dialogNamed(page, name).last();
  await button(open, 'Close').click();
  await open.waitFor({ state: 'detached', timeout: WAIT_MS });
}

interface CaseAnswer {
  id: string;
  status: string;
  resolution: string;
  target: { type: string; id: string };
}

/** A report of the member's profile by the reporter (once the admin service knows of them both). */
const reportMember = (reporter: Member, member: Member) =>
  eventually(
    async () => (
      await apiCall('POST', '/reports', {
        token: reporter.token,
        body: { target_type: 'member', target_id: member.id, reason: 'harassment' },
      }),
      true
    ),
    PROJECTION_WAIT_MS,
  );

/** The suspension or ban the member is under (GET /api/auth/me), null when none. */
const restrictionOf = async (member: Member) =>
  (await apiCall<{ restriction: { kind: string } | null }>('GET', '/auth/me', { token: member.token }))
    .restriction;

/** The open case about a target, as the moderators' API lists it. */
async function openCaseOf(admin: Member, targetType: string, targetId: string): Promise<CaseAnswer> {
  let found: CaseAnswer | undefined;
  await eventually(async () => {
    const page = await apiCall<{ cases: CaseAnswer[] }>(
      'GET',
      `/admin/moderation/cases?status=open&target_type=${targetType}&limit=100`,
      { token: admin.token },
    );
    found = page.cases.find((item) => item.target.id === targetId);
    return found !== undefined;
  });
  return found!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  boss = await superAdminMember();
}, SLOW_MS);

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
});

describe.each([PHONE, DESKTOP])('at $width px', (viewport: Viewport) => {
  const postText = `Cheap followers, DM me now ${randomBytes(4).toString('hex')}`;
  const keptText = `A quiet morning stretch ${randomBytes(4).toString('hex')}`;
  const storyText = `Morning light ${randomBytes(4).toString('hex')}`;
  const commentText = `Nice one ${randomBytes(4).toString('hex')}`;
  const messageText = `Hey, check my page ${randomBytes(4).toString('hex')}`;
  const details = 'Same spam link in five posts today';
  const removal = 'Spam links are not allowed';
  let reporter: Member;
  let author: Member;
  let moderator: Member;

  beforeAll(async () => {
    [reporter, author, moderator] = await Promise.all([
      registerMember('rep', 'Rita Reporter'),
      registerMember('aut', 'Sam Spammer'),
      registerMember('mod', 'Mo Moderator'),
    ]);
    await makeAdmin(moderator);
    await eventually(
      async () => (await apiCall('POST', `/users/${author.id}/follow`, { token: reporter.token }), true),
      PROJECTION_WAIT_MS,
    );
    const kept = await apiCall<{ id: string }>('POST', '/posts', {
      token: author.token,
      body: { content: keptText, category: 'general' },
    });
    await apiCall('POST', '/posts', {
      token: author.token,
      body: { content: postText, category: 'general' },
    });
    await apiCall('POST', `/posts/${kept.id}/comments`, {
      token: author.token,
      body: { content: commentText },
    });
    await apiCall('POST', '/posts', {
      token: author.token,
      body: { content: storyText, category: 'general', is_story: true },
    });
    await apiCall('POST', '/messages', {
      token: author.token,
      body: { recipient_id: reporter.id, content: messageText, message_type: 'text' },
    });
  }, PROJECTION_WAIT_MS + 60_000);

  const postIn = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

  it(
    "a member reports another member's post from its ⋯ menu",
    async () => {
      const page = await signIn(reporter, viewport);
      await page.getByRole('tab', { name: 'Following', exact: true }).click();
      const post = postIn(page, postText);
      await post.waitFor({ timeout: WAIT_MS });
      await button(post, `More options for ${author.display_name}'s post`).click();
      await button(post, 'Report').click();
      const report = dialogNamed(page, 'Report');
      const form = report.getByRole('form', { name: 'Report this post' });
      await form.waitFor({ timeout: WAIT_MS });
      // Submit waits for a reason.
      expect(await button(form, 'Submit report').isDisabled()).toBe(true);
      const reasons = form.getByRole('group', { name: 'Why are you reporting it?' }).getByRole('radio');
      expect(await reasons.count()).toBe(9);
      await form.getByRole('radio', { name: 'Spam', exact: true }).check();
      await form.getByLabel('Details (optional)', { exact: true }).fill(details);
      await form.getByText(`${details.length}/500`, { exact: true }).waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'moderation-report', {
        dialog: 'Report',
        primary: button(form, 'Submit report'),
      });
      await button(form, 'Submit report').click();
      expect(await textOf(report.getByRole('status'))).toBe(REPORT_THANKS);
      await button(report, 'Done').click();
      await report.waitFor({ state: 'detached', timeout: WAIT_MS });

      // A second report of the same post is information, not a failure.
      await button(post, `More options for ${author.display_name}'s post`).click();
      await button(post, 'Report').click();
      await report.getByRole('radio', { name: 'Scam or fraud', exact: true }).check();
      await button(report, 'Submit report').click();
      expect(await textOf(report.getByRole('status'))).toBe('You have already reported this');
      await button(report, 'Done').click();
      await page.close();

      // One's own posts have a ⋯ menu (save, share, hide) without Report.
      const own = await signIn(author, viewport);
      const mine = (await ownPosts(own)).getByRole('article').filter({ hasText: postText });
      await mine.waitFor({ timeout: WAIT_MS });
      await button(mine, `More options for ${author.display_name}'s post`).click();
      await button(mine, 'Hide post').waitFor({ timeout: WAIT_MS });
      expect(await button(mine, 'Report').count()).toBe(0);
      await own.keyboard.press('Escape');
      await own.close();
    },
    SLOW_MS,
  );

  it(
    'the ⋯ menu reports a comment, a story, a profile and a chat message too',
    async () => {
      const page = await signIn(reporter, viewport);
      const reportFormOf = async (what: string) => {
        const form = dialogNamed(page, 'Report').getByRole('form', { name: `Report this ${what}` });
        await form.waitFor({ timeout: WAIT_MS });
        await button(form, 'Cancel').click();
        await form.waitFor({ state: 'detached', timeout: WAIT_MS });
      };
      await page.getByRole('tab', { name: 'Following', exact: true }).click();
      const post = postIn(page, keptText);
      await post.waitFor({ timeout: WAIT_MS });
      const postMenu = button(post, `More options for ${author.display_name}'s post`);

      // The menu of a post: Save, Share, Hide post, Report; Escape closes it and gives the focus back.
      await postMenu.click();
      await checkScreen(page, viewport, 'moderation-post-menu', { primary: button(post, 'Report') });
      await page.keyboard.press('Escape');
      await button(post, 'Report').waitFor({ state: 'detached', timeout: WAIT_MS });
      expect(await postMenu.evaluate((element) => element === document.activeElement)).toBe(true);

      // A comment.
      await post.getByRole('button', { name: /^Comments, / }).click();
      const comment = post.getByRole('listitem').filter({ hasText: commentText });
      await button(comment, `More options for ${author.display_name}'s comment`).click();
      await button(comment, 'Report').click();
      await reportFormOf('comment');

      // A story: the viewer waits while its menu is open, and closes for the Report dialog.
      await page.getByRole('button', { name: `Story by ${author.display_name}: ${storyText}` }).click();
      const viewer = dialogNamed(page, `${author.display_name}'s story`);
      await button(viewer, `More options for ${author.display_name}'s story`).click();
      // Escape closes the menu, not the viewer.
      await page.keyboard.press('Escape');
      await button(viewer, 'Report').waitFor({ state: 'detached', timeout: WAIT_MS });
      expect(await viewer.isVisible()).toBe(true);
      await button(viewer, `More options for ${author.display_name}'s story`).click();
      await button(viewer, 'Report').click();
      await viewer.waitFor({ state: 'detached', timeout: WAIT_MS });
      await reportFormOf('story');

      // A member's profile.
      await button(post, `${author.display_name} @${author.username}, view profile`).first().click();
      const profile = dialogNamed(page, 'Profile');
      await button(profile, `More options for @${author.username}`).click();
      await checkScreen(page, viewport, 'moderation-profile-menu', {
        dialog: 'Profile',
        primary: button(profile, 'Report'),
      });
      await button(profile, 'Report').click();
      await reportFormOf('member');
      await closeDialog(page, 'Profile');

      // The other member's chat message (one's own have no menu).
      const chat = await fromMenu(page, 'Messages');
      await chat.locator(`[data-conversation="${author.username}"]`).click();
      const message = chat.getByRole('listitem').filter({ hasText: messageText });
      await message.getByRole('button', { name: /^More options for the message/ }).click();
      await checkScreen(page, viewport, 'moderation-chat-menu', {
        dialog: 'Messages',
        primary: button(message, 'Report'),
      });
      await button(message, 'Report').click();
      await reportFormOf('message');
      await page.close();
    },
    SLOW_MS,
  );

  it(
    'an admin removes it with a reason; the case closes, the audit log says so, the author is told',
    async () => {
      const page = await signIn(moderator, viewport);
      const panel = await fromMenu(page, 'Admin Panel');
      await panel.getByRole('tab', { name: 'Moderation', exact: true }).click();
      const queue = panel.getByRole('list', { name: 'Reported cases' });
      const item = queue.getByRole('listitem').filter({ hasText: postText });
      await item.waitFor({ timeout: WAIT_MS });
      expect(await textOf(item)).toContain(`@${author.username} · 1 report · Spam`);
      await checkScreen(page, viewport, 'moderation-queue', { dialog: 'Admin Panel' });

      await button(item, `Review: Post by @${author.username}`).click();
      const review = dialogNamed(page, 'Reported post');
      await review.getByRole('list', { name: 'Reports' }).waitFor({ timeout: WAIT_MS });
      const reported = review.getByRole('region', { name: 'Reported content' });
      expect(await textOf(reported)).toContain(postText);
      expect(await textOf(reported)).toContain(`A post by @${author.username}`);
      const byReporter = review
        .getByRole('list', { name: 'Reports' })
        .getByRole('listitem', { name: `Report by @${reporter.username}` });
      expect(await textOf(byReporter)).toContain('Spam');
      expect(await textOf(byReporter)).toContain(details);
      await review.getByText(`No earlier reports about @${author.username}.`).waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'moderation-case', {
        dialog: 'Reported post',
        primary: button(review, 'Remove'),
      });

      // The confirm step asks for a reason first, in the server's words.
      await button(review, 'Remove').click();
      const confirm = dialogNamed(page, 'Remove the post');
      await confirm.waitFor({ timeout: WAIT_MS });
      await button(confirm, 'Remove post').click();
      expect(await textOf(confirm.getByRole('alert'))).toBe('Please give a reason');
      await confirm.getByLabel('Reason (shown to the member)', { exact: true }).fill(removal);
      await checkScreen(page, viewport, 'moderation-confirm', {
        dialog: 'Remove the post',
        primary: button(confirm, 'Remove post'),
      });
      await button(confirm, 'Remove post').click();
      await expectNotice(page, `@${author.username}'s post was removed`);
      await confirm.waitFor({ state: 'detached', timeout: WAIT_MS });
      // The case is closed: no more actions, and what was done.
      await review
        .getByRole('group', { name: 'Act on this case' })
        .waitFor({ state: 'detached', timeout: WAIT_MS });
      const taken = review.getByRole('list', { name: 'Actions taken' });
      const sentence = `@${moderator.username} removed @${author.username}'s post`;
      expect(await textOf(taken.getByRole('listitem', { name: sentence }))).toContain(`Reason: ${removal}`);
      await closeDialog(page, 'Reported post');

      // It leaves the open queue and shows among the closed cases, removed.
      await item.waitFor({ state: 'detached', timeout: WAIT_MS });
      await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
      const closed = queue.getByRole('listitem').filter({ hasText: postText });
      expect(await textOf(closed)).toContain('Removed');

      // The audit log: who did what to whom, why, when.
      await button(panel, 'Audit log').click();
      const entry = panel
        .getByRole('list', { name: 'Audit log' })
        .getByRole('listitem', { name: sentence })
        .first();
      expect(await textOf(entry)).toContain(`Reason: ${removal}`);
      await checkScreen(page, viewport, 'moderation-audit', { dialog: 'Admin Panel' });
      await page.close();

      // The author: the post is gone from their profile (removal is applied a moment later), the other
      // one stays, and a notification says why.
      const own = await signIn(author, viewport);
      await eventually(async () => {
        const posts = await ownPosts(own);
        await posts.getByRole('article').filter({ hasText: keptText }).waitFor({ timeout: WAIT_MS });
        if ((await posts.getByRole('article').filter({ hasText: postText }).count()) === 0) return true;
        await own.reload();
        await own.getByText(`@${author.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
        return false;
      }, 60_000);
      await closeDialog(own, 'Your Profile');
      await eventually(async () => {
        const list = await apiCall<{ type: string; title: string }[]>('GET', '/notifications?limit=20', {
          token: author.token,
        });
        return list.some((n) => n.type === 'system' && n.title === 'Content removed');
      }, 60_000);
      const center = await fromMenu(own, 'Notifications');
      const note = center.locator('li[data-type="system"]').filter({ hasText: 'Content removed' });
      expect(await textOf(note)).toContain(`Reason: ${removal}`);
      await checkScreen(own, viewport, 'moderation-notification', { dialog: 'Notifications' });
      await own.close();
    },
    SLOW_MS,
  );
});

describe('a suspended member', () => {
  it(
    'sees the banner with the reason, and a refused post says why',
    async () => {
      const [member, reporter, moderator] = await Promise.all([
        registerMember('sus', 'Sue Spended'),
        registerMember('rep', 'Rex Reporter'),
        registerMember('mod', 'Max Moderator'),
      ]);
      await makeAdmin(moderator);
      await reportMember(reporter, member);
      const found = await openCaseOf(moderator, 'member', member.id);
      const reason = 'Repeated harassment in comments';
      await apiCall('POST', `/admin/moderation/cases/${found.id}/actions`, {
        token: moderator.token,
        body: { action: 'suspend', reason, days: 3 },
      });

      const page = await signIn(member, PHONE);
      const banner = page.getByTestId('restriction-banner');
      await eventually(async () => {
        if (await banner.isVisible()) return true;
        await page.reload();
        return false;
      }, 60_000);
      const text = await textOf(banner);
      expect(text).toMatch(/^Your account is suspended until .+\. You can still read, but you can't post/);
      expect(text).toContain(`Reason: ${reason}`);
      await checkScreen(page, PHONE, 'moderation-suspended');

      // Posting is refused, in the server's words.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create' }).click();
      const create = dialogNamed(page, 'Create');
      await create.getByLabel("What's on your mind?").fill('Hello again');
      await button(create, 'Share Post').click();
      const refusal = await textOf(create.getByRole('alert'));
      expect(refusal).toMatch(/^Your account is suspended until .+ UTC\. Reason: /);
      expect(refusal).toContain(reason);
      await page.close();
    },
    SLOW_MS,
  );
});

describe.each([PHONE, DESKTOP])('lifting a suspension at $width px', (viewport: Viewport) => {
  it(
    'an admin lifts it early from the closed case, with a reason; the member can post again',
    async () => {
      const [member, reporter, moderator] = await Promise.all([
        registerMember('sus', 'Lee Lifted'),
        registerMember('rep', 'Ray Reporter'),
        registerMember('mod', 'Mia Moderator'),
      ]);
      await makeAdmin(moderator);
      await reportMember(reporter, member);
      const found = await openCaseOf(moderator, 'member', member.id);
      await apiCall('POST', `/admin/moderation/cases/${found.id}/actions`, {
        token: moderator.token,
        body: { action: 'suspend', reason: 'Repeated harassment in comments', days: 7 },
      });
      // Identity applies the suspension from the admin service's event, a moment later.
      await eventually(async () => (await restrictionOf(member))?.kind === 'suspended', 60_000);

      // The closed case offers the lift (and no other action).
      const page = await signIn(moderator, viewport);
      const panel = await fromMenu(page, 'Admin Panel');
      await panel.getByRole('tab', { name: 'Moderation', exact: true }).click();
      await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
      await panel.getByLabel('Type', { exact: true }).selectOption({ label: 'Member' });
      const item = panel
        .getByRole('list', { name: 'Reported cases' })
        .getByRole('listitem', { name: `Member by @${member.username}` });
      await item.waitFor({ timeout: WAIT_MS });
      expect(await textOf(item)).toContain('Suspended');
      await button(item, `Review: Member by @${member.username}`).click();
      const review = dialogNamed(page, 'Reported member');
      await review.getByRole('list', { name: 'Actions taken' }).waitFor({ timeout: WAIT_MS });
      expect(await review.getByRole('group', { name: 'Act on this case' }).count()).toBe(0);
      const lift = button(review, 'Lift suspension');
      await checkScreen(page, viewport, 'moderation-lift', { dialog: 'Reported member', primary: lift });

      // The confirm step asks for a reason first, in the server's words.
      await lift.click();
      const title = 'Lift the suspension';
      const confirm = dialogNamed(page, title);
      await confirm.waitFor({ timeout: WAIT_MS });
      await button(confirm, 'Lift suspension').click();
      expect(await textOf(confirm.getByRole('alert'))).toBe('Please give a reason');
      const reason = 'Appeal accepted: the comments were quoted out of context';
      await confirm.getByLabel('Reason (shown to the member)', { exact: true }).fill(reason);
      // The refusal goes once a reason is typed.
      await confirm.getByRole('alert').waitFor({ state: 'detached', timeout: WAIT_MS });
      await checkScreen(page, viewport, 'moderation-lift-confirm', {
        dialog: title,
        primary: button(confirm, 'Lift suspension'),
      });
      await button(confirm, 'Lift suspension').click();
      await expectNotice(page, `@${member.username}'s suspension was lifted`);
      await confirm.waitFor({ state: 'detached', timeout: WAIT_MS });
      // The focus the Lift button held goes to the case (which now scrolls with the keyboard).
      expect(
        await review
          .getByRole('group', { name: 'The case' })
          .evaluate((element) => element === document.activeElement),
      ).toBe(true);

      // The case says when, the button is gone, and the action reads "Lifted" with the reason.
      await review
        .getByText(/^Suspension lifted on \d{1,2} [A-Z][a-z]{2} \d{4}$/)
        .waitFor({ timeout: WAIT_MS });
      await lift.waitFor({ state: 'detached', timeout: WAIT_MS });
      const sentence = `@${moderator.username} lifted @${member.username}'s restriction`;
      const entry = review
        .getByRole('list', { name: 'Actions taken' })
        .getByRole('listitem', { name: sentence });
      expect(await textOf(entry)).toContain('Lifted');
      expect(await textOf(entry)).toContain(`Reason: ${reason}`);
      await button(page, 'Dismiss notification').click();
      await entry.scrollIntoViewIfNeeded();
      await checkScreen(page, viewport, 'moderation-lifted', { dialog: 'Reported member' });
      await closeDialog(page, 'Reported member');
      await page.close();

      // Identity ends the suspension from the event: the member can post again.
      await eventually(async () => (await restrictionOf(member)) === null, 60_000);
      await eventually(
        async () => (
          await apiCall('POST', '/posts', {
            token: member.token,
            body: { content: `Back again ${randomBytes(4).toString('hex')}`, category: 'general' },
          }),
          true
        ),
        60_000,
      );
    },
    SLOW_MS,
  );
});
