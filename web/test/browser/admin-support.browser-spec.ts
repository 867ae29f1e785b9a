// The Admin Panel and the Help Center in a real browser, against the running stack (issue 9, Done
// when): a member opens a ticket and an admin answers it, then the member sees the answer; a super
// admin approves one withdrawal and rejects another, and the members' wallets and notifications show
// it; a super admin promotes a member to admin, who then sees the panel; a plain member sees no admin
// entry and the app asks nothing of the admin routes. The super admin is the seeded one of the test env.
import { randomBytes } from 'node:crypto';
import { closeEarnings, earn } from '@aura/platform/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';

const SLOW_MS = 120_000;

interface WalletAnswer {
  aura_coin_balance_micro: number;
  coin_price_usd: number;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const walletOf = (member: Member) => apiCall<WalletAnswer>('GET', '/wallet', { token: member.token });

async function closeDialog(page: Page, name: string) {
  const open = dialog(page, name);
  await button(open, 'Close').click();
  await open.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

async function openFromMenu(page: Page, entry: string, title = entry) {
  await button(page, 'Open menu').click();
  await page.getByRole('button', { name: entry, exact: true }).click();
  const opened = dialog(page, title);
  await opened.waitFor({ timeout: WAIT_MS });
  return opened;
}

async function openAdminPanel(page: Page) {
  await button(page, 'Admin Panel').click();
  const panel = dialog(page, 'Admin Panel');
  // The panel first reads the security policy (a spinner), then shows its tabs.
  await panel.getByRole('tab').first().waitFor({ timeout: WAIT_MS });
  return panel;
}

const tabNames = async (scope: ReturnType<typeof dialog>) =>
  (await scope.getByRole('tab').allInnerTexts()).map((text) => text.trim());

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

/** Funds a member with earned AC worth about $40 (genie earnings: withdrawable), then asks for $10. */
async function pendingWithdrawalOf(member: Member) {
  const { coin_price_usd: price } = await walletOf(member);
  await earn(member.id, Math.ceil(40 / price));
  await apiCall('POST', '/withdrawals/request', {
    token: member.token,
    body: { amount: 10, paypal_email: `${member.username}@example.com`, password: member.password },
  });
}

let browser: Browser;
let boss: Member;
const contexts: BrowserContext[] = [];

/** Each member in a browser context of their own (the token store follows other tabs of a context). */
async function signIn(member: Member): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  return openSignedIn(context, member);
}

beforeAll(async () => {
  browser = await launchBrowser();
  boss = await superAdminMember();
}, SLOW_MS);

afterAll(async () => {
  closeEarnings();
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('help center and support tickets (spec 000 §2, §5, §8; spec 001 §2, §4, §5)', () => {
  let member: Member;
  let helper: Member;
  const subject = `Coins missing ${randomBytes(3).toString('hex')}`;
  const answer = 'We found them: they are back in your wallet.';

  beforeAll(async () => {
    [member, helper] = await Promise.all([
      registerMember('ticket', 'Ticket Member'),
      registerMember('helper', 'Helper Admin'),
    ]);
    await apiCall('PUT', `/admin/users/${helper.id}`, {
      token: boss.token,
      body: { user_id: helper.id, role: 'admin' },
    });
  }, SLOW_MS);

  it(
    'a member opens a ticket from the Help Center',
    async () => {
      const page = await signIn(member);
      const help = await openFromMenu(page, 'Help Center');
      expect(await tabNames(help)).toEqual(['FAQ', 'Contact Support', 'My Tickets']);
      // The support e-mail comes from the configuration.
      const config = await apiCall<{ support_email: string }>('GET', '/public/config');
      expect(config.support_email).toContain('@');
      await help.getByRole('link', { name: config.support_email, exact: true }).waitFor({ timeout: WAIT_MS });

      await help.getByRole('tab', { name: 'My Tickets', exact: true }).click();
      await help.getByText('No tickets yet', { exact: true }).waitFor({ timeout: WAIT_MS });

      await help.getByRole('tab', { name: 'Contact Support', exact: true }).click();
      const priority = help.getByLabel('Priority', { exact: true });
      expect(await priority.inputValue()).toBe('normal');
      expect(await priority.locator('option').allInnerTexts()).toEqual(['Low', 'Normal', 'High', 'Urgent']);
      await help.getByLabel('Subject', { exact: true }).fill(subject);
      await button(help, 'Submit Ticket').click();
      expect(await textOf(help.getByRole('alert'))).toBe('Please fill in all fields');

      const message = 'My 5 AC tip from yesterday never arrived.';
      await help.getByLabel('Message', { exact: true }).fill(message);
      await help.getByText(`${message.length}/1000`, { exact: true }).waitFor({ timeout: WAIT_MS });
      await priority.selectOption('high');
      await button(help, 'Submit Ticket').click();
      await expectNotice(page, 'Support ticket submitted successfully!');

      // My Tickets shows it, open, high.
      const ticket = help.getByRole('list', { name: 'My tickets' }).getByRole('listitem', { name: subject });
      await ticket.waitFor({ timeout: WAIT_MS });
      expect(await textOf(ticket)).toContain('Open');
      expect(await textOf(ticket)).toContain('High');
      expect(await textOf(ticket)).toContain(message);
      await page.close();
    },
    SLOW_MS,
  );

  it(
    'an admin answers it and resolves it; the member sees the answer',
    async () => {
      const page = await signIn(helper);
      const panel = await openAdminPanel(page);
      // An admin has no Settings and no withdrawal decisions.
      expect(await tabNames(panel)).toEqual(['Dashboard', 'Withdrawals', 'Users', 'Support', 'Moderation']);
      await panel.getByTestId('stat-total_users').waitFor({ timeout: WAIT_MS });

      await panel.getByRole('tab', { name: 'Support', exact: true }).click();
      const ticket = panel
        .getByRole('list', { name: 'Support tickets' })
        .getByRole('listitem', { name: subject });
      await ticket.waitFor({ timeout: WAIT_MS });
      expect(await textOf(ticket)).toContain(`@${member.username}`);
      expect(await textOf(ticket)).toContain('High');

      await button(ticket, 'Respond').click();
      const respond = dialog(page, 'Respond to Ticket');
      await respond.waitFor({ timeout: WAIT_MS });
      // Escape closes the respond dialog only.
      await page.keyboard.press('Escape');
      await respond.waitFor({ state: 'hidden', timeout: WAIT_MS });
      expect(await panel.isVisible()).toBe(true);
      await button(ticket, 'Respond').click();
      await respond.waitFor({ timeout: WAIT_MS });
      expect(await button(respond, 'Send Response').isDisabled()).toBe(true);
      await respond.getByLabel('Your response', { exact: true }).fill('   ');
      expect(await button(respond, 'Send Response').isDisabled()).toBe(true);
      await respond.getByLabel('Your response', { exact: true }).fill(answer);
      await button(respond, 'Send Response').click();
      await expectNotice(page, 'Response sent');
      await respond.waitFor({ state: 'hidden', timeout: WAIT_MS });

      // The first answer moves it to in progress; then it is resolved, and Mark Resolved goes away.
      await eventually(async () => (await textOf(ticket)).includes('In Progress'));
      expect(await textOf(ticket)).toContain(answer);
      await button(ticket, 'Mark Resolved').click();
      await eventually(async () => (await textOf(ticket)).includes('Resolved'));
      await button(ticket, 'Mark Resolved').waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.close();

      const memberPage = await signIn(member);
      const help = await openFromMenu(memberPage, 'Help Center');
      await help.getByRole('tab', { name: 'My Tickets', exact: true }).click();
      const mine = help.getByRole('list', { name: 'My tickets' }).getByRole('listitem', { name: subject });
      await mine.getByText(answer).waitFor({ timeout: WAIT_MS });
      expect(await textOf(mine)).toContain('Resolved');
      await memberPage.close();
    },
    SLOW_MS,
  );
});

describe('withdrawals decided by the super admin (spec 001 §4, §6, §8)', () => {
  let approvedMember: Member;
  let rejectedMember: Member;
  let fundedMicro: number;

  beforeAll(async () => {
    [approvedMember, rejectedMember] = await Promise.all([
      registerMember('wdok', 'Approved Member'),
      registerMember('wdno', 'Rejected Member'),
    ]);
    await pendingWithdrawalOf(approvedMember);
    fundedMicro = (await walletOf(approvedMember)).aura_coin_balance_micro;
    await pendingWithdrawalOf(rejectedMember);
  }, SLOW_MS);

  it(
    'approves one and rejects another; the wallets and notifications show it',
    async () => {
      const heldMicro = (await walletOf(rejectedMember)).aura_coin_balance_micro;
      const page = await signIn(boss);
      const panel = await openAdminPanel(page);
      expect(await tabNames(panel)).toEqual([
        'Dashboard',
        'Withdrawals',
        'Users',
        'Support',
        'Moderation',
        'Settings',
      ]);
      await panel.getByRole('tab', { name: 'Withdrawals', exact: true }).click();
      const requests = panel.getByRole('list', { name: 'Withdrawal requests' });

      const approve = requests.getByRole('listitem', { name: `Withdrawal by @${approvedMember.username}` });
      await approve.waitFor({ timeout: WAIT_MS });
      expect(await textOf(approve)).toContain('pending');
      await button(approve, 'Approve').click();
      await expectNotice(page, 'Withdrawal approved');
      await eventually(async () => (await textOf(approve)).includes('approved'));
      await button(approve, 'Approve').waitFor({ state: 'detached', timeout: WAIT_MS });

      const reject = requests.getByRole('listitem', { name: `Withdrawal by @${rejectedMember.username}` });
      await reject.getByLabel('Admin notes', { exact: true }).fill('PayPal account not found');
      await button(reject, 'Reject').click();
      await expectNotice(page, 'Withdrawal rejected');
      await eventually(async () => (await textOf(reject)).includes('rejected'));
      expect(await textOf(reject)).toContain('PayPal account not found');
      await page.close();

      // The approved member: the request reads approved, the held AC are gone, a notification says so.
      expect((await walletOf(approvedMember)).aura_coin_balance_micro).toBe(fundedMicro);
      const okPage = await signIn(approvedMember);
      const okWallet = await openFromMenu(okPage, 'Wallet & Payments');
      await okWallet.getByRole('tab', { name: 'Withdraw', exact: true }).click();
      await okWallet
        .getByRole('list', { name: 'Withdrawal requests' })
        .getByText('approved', { exact: true })
        .waitFor({ timeout: WAIT_MS });
      await closeDialog(okPage, 'Wallet & Payments');
      await eventually(async () => {
        const list = await apiCall<{ type: string }[]>('GET', '/notifications?limit=20', {
          token: approvedMember.token,
        });
        return list.some((n) => n.type === 'withdrawal');
      }, 60_000);
      await button(okPage, 'Notifications').click();
      const okCenter = dialog(okPage, 'Notifications');
      await okCenter
        .locator('li[data-type="withdrawal"]')
        .getByText('Withdrawal approved', { exact: true })
        .waitFor({ timeout: WAIT_MS });
      await okPage.close();

      // The rejected member: the AC held for it are back, the notes show, and a notification says so.
      await eventually(
        async () => (await walletOf(rejectedMember)).aura_coin_balance_micro > heldMicro,
        WAIT_MS,
      );
      const noPage = await signIn(rejectedMember);
      const noWallet = await openFromMenu(noPage, 'Wallet & Payments');
      await noWallet.getByRole('tab', { name: 'Withdraw', exact: true }).click();
      const noList = noWallet.getByRole('list', { name: 'Withdrawal requests' });
      await noList.getByText('rejected', { exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await textOf(noList)).toContain('PayPal account not found');
      await closeDialog(noPage, 'Wallet & Payments');
      await eventually(async () => {
        const list = await apiCall<{ type: string }[]>('GET', '/notifications?limit=20', {
          token: rejectedMember.token,
        });
        return list.some((n) => n.type === 'withdrawal');
      }, 60_000);
      await button(noPage, 'Notifications').click();
      const noCenter = dialog(noPage, 'Notifications');
      const note = noCenter.locator('li[data-type="withdrawal"]');
      await note.getByText('Withdrawal rejected', { exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await textOf(note)).toContain('PayPal account not found');
      await noPage.close();
    },
    SLOW_MS * 2,
  );
});

describe('roles and the panel (spec 000 §2, §6; spec 001 §5, §6, §8)', () => {
  let rising: Member;
  let plain: Member;

  beforeAll(async () => {
    [rising, plain] = await Promise.all([
      registerMember('rising', 'Rising Member'),
      registerMember('plain', 'Plain Member'),
    ]);
  }, SLOW_MS);

  it(
    'a plain member sees no admin entry and nothing asks the admin routes',
    async () => {
      const context = await newContext(browser);
      contexts.push(context);
      const page = await context.newPage();
      const adminCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
      });
      await page.goto('/');
      await page.evaluate((token) => window.localStorage.setItem('token', token), plain.token);
      await page.reload();
      await page.getByText(`@${plain.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });

      expect(await button(page, 'Admin Panel').count()).toBe(0);
      await button(page, 'Open menu').click();
      await page.getByRole('button', { name: 'Help Center', exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await page.getByRole('button', { name: /^Admin Panel/ }).count()).toBe(0);
      expect(await page.getByText('Admin Controls', { exact: true }).count()).toBe(0);
      // The member's own screens open, and none of them reaches for the admin routes.
      await page.getByRole('button', { name: 'Help Center', exact: true }).click();
      await dialog(page, 'Help Center').waitFor({ timeout: WAIT_MS });
      expect(adminCalls).toEqual([]);
      // The server refuses the panel's data too.
      await expect(apiCall('GET', '/admin/dashboard/stats', { token: plain.token })).rejects.toThrow(/403/);
      await page.close();
    },
    SLOW_MS,
  );

  it(
    'a super admin promotes a member to admin, who then sees the panel',
    async () => {
      const memberPage = await signIn(rising);
      expect(await button(memberPage, 'Admin Panel').count()).toBe(0);

      const page = await signIn(boss);
      // The side menu names the super admin's controls.
      await button(page, 'Open menu').click();
      await page.getByText('Super Admin Controls', { exact: true }).waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Escape');
      const panel = await openAdminPanel(page);
      await panel.getByRole('tab', { name: 'Users', exact: true }).click();
      await panel.getByLabel('Search users', { exact: true }).fill(rising.username);
      const row = panel
        .getByRole('table', { name: 'Users' })
        .getByRole('row', { name: `@${rising.username}` });
      await row.waitFor({ timeout: WAIT_MS });
      // Admins see the e-mail.
      expect(await textOf(row)).toContain(`${rising.username}@example.com`);
      expect(await textOf(row)).toContain('User');
      // Every change is confirmed first: cancelling changes nothing.
      await button(row, 'Make Admin').click();
      const ask = dialog(page, 'Change role');
      await ask.getByText(`Make @${rising.username} an Admin (now User)?`).waitFor({ timeout: WAIT_MS });
      await button(ask, 'Cancel').click();
      await ask.waitFor({ state: 'hidden', timeout: WAIT_MS });
      await button(row, 'Make Admin').click();
      await button(dialog(page, 'Change role'), 'Make Admin').click();
      await expectNotice(page, `@${rising.username} is now Admin`);
      await button(row, 'Make User').waitFor({ timeout: WAIT_MS });
      // Undo puts the role back; then promote again.
      await button(panel, 'Undo').click();
      await expectNotice(page, `@${rising.username} is now User`);
      await button(row, 'Make Admin').click();
      await button(dialog(page, 'Change role'), 'Make Admin').click();
      await button(row, 'Make User').waitFor({ timeout: WAIT_MS });
      // The SuperAura flag, granted from the same row.
      await button(row, 'Grant SuperAura').click();
      await button(dialog(page, 'Grant SuperAura'), 'Grant SuperAura').click();
      await expectNotice(page, `@${rising.username} is now SuperAura`);
      await button(row, 'Remove SuperAura').waitFor({ timeout: WAIT_MS });
      const [found] = await apiCall<{ is_super_aura: boolean; role: string }[]>(
        'GET',
        `/admin/users?search=${rising.username}&limit=20`,
        { token: boss.token },
      );
      expect(found).toMatchObject({ is_super_aura: true, role: 'admin' });

      // Never one's own role: the super admin's own row has no role buttons.
      await panel.getByLabel('Search users', { exact: true }).fill(boss.username);
      const own = panel.getByRole('table', { name: 'Users' }).getByRole('row', { name: `@${boss.username}` });
      await own.waitFor({ timeout: WAIT_MS });
      expect(await own.getByRole('button').count()).toBe(0);

      // Settings: the bottle price's range, with the spec's message.
      await panel.getByRole('tab', { name: 'Settings', exact: true }).click();
      await panel.getByLabel('Genie bottle price (AC)', { exact: true }).fill('20');
      await button(panel, 'Update Price').click();
      expect(await textOf(panel.getByRole('alert'))).toBe(
        'Genie bottle price must be between 50 and 1000 AuraCoin',
      );
      // A price in range is saved by genies (the current one, so that other tests keep their price).
      const { bottle_price: price } = await apiCall<{ bottle_price: number }>('GET', '/genies/bottles', {
        token: boss.token,
      });
      await panel.getByLabel('Genie bottle price (AC)', { exact: true }).fill(String(price));
      await button(panel, 'Update Price').click();
      await expectNotice(page, 'Genie bottle price set to');

      // The platform settings are real: a new post reward is saved, then the old one is put back.
      type Settings = { min_withdrawal_usd: number; post_reward_ac: number };
      const before = await apiCall<Settings>('GET', '/admin/settings', { token: boss.token });
      const reward = panel.getByLabel('Post reward (AC)', { exact: true });
      const minimum = panel.getByLabel('Minimum withdrawal (USD)', { exact: true });
      expect(Number(await minimum.inputValue())).toBe(before.min_withdrawal_usd);
      expect(Number(await reward.inputValue())).toBe(before.post_reward_ac);
      await minimum.fill('0.5');
      await button(panel, 'Save Settings').click();
      expect(await textOf(panel.getByRole('alert'))).toBe(
        'Minimum withdrawal must be between $1 and $10,000 (whole cents)',
      );
      await minimum.fill(String(before.min_withdrawal_usd));
      const changed = before.post_reward_ac === 0.02 ? 0.03 : 0.02;
      await reward.fill(String(changed));
      await button(panel, 'Save Settings').click();
      await expectNotice(page, 'Settings saved');
      expect(await apiCall<Settings>('GET', '/admin/settings', { token: boss.token })).toMatchObject({
        min_withdrawal_usd: before.min_withdrawal_usd,
        post_reward_ac: changed,
      });
      await reward.fill(String(before.post_reward_ac));
      await button(panel, 'Save Settings').click();
      await eventually(
        async () =>
          (await apiCall<Settings>('GET', '/admin/settings', { token: boss.token })).post_reward_ac ===
          before.post_reward_ac,
      );

      // Every statistic of the Dashboard.
      await panel.getByRole('tab', { name: 'Dashboard', exact: true }).click();
      const stats = await apiCall<Record<string, number>>('GET', '/admin/dashboard/stats', {
        token: boss.token,
      });
      expect(Object.keys(stats)).toHaveLength(11);
      for (const key of Object.keys(stats))
        await panel.getByTestId(`stat-${key}`).waitFor({ timeout: WAIT_MS });
      await closeDialog(page, 'Admin Panel');
      await page.close();

      // The member, on their next load, has the Admin Controls and the panel's data.
      await memberPage.reload();
      await memberPage
        .getByText(`@${rising.username}`, { exact: true })
        .first()
        .waitFor({ timeout: WAIT_MS });
      await button(memberPage, 'Open menu').click();
      await memberPage.getByText('Admin Controls', { exact: true }).waitFor({ timeout: WAIT_MS });
      await memberPage.keyboard.press('Escape');
      const theirs = await openAdminPanel(memberPage);
      expect(await tabNames(theirs)).toEqual(['Dashboard', 'Withdrawals', 'Users', 'Support', 'Moderation']);
      await theirs.getByTestId('stat-total_users').waitFor({ timeout: WAIT_MS });
      await memberPage.close();
    },
    SLOW_MS,
  );
});
