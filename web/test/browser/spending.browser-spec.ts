// Spending that cares in a real browser, against the running stack (issue 23 item 7, docs/spending.md),
// at 1366 px and at 390 px. A funded member whose last two check-ins were low (made through the API):
// - sets a daily limit and a pause amount in Wallet → "Spending that cares", sees the day so far and
//   what the low check-ins mean; raises the limit and sees it wait 24 hours ("Rises to … on …"), then
//   keeps the current one;
// - sends AuraCoins above the pause amount: "Take a breath — still want to send 25 AC?", Send anyway;
// - buys a marketplace item and a genie bottle: the same pause, Buy anyway;
// - tips from a profile: the pause, "Wait 10 minutes", and the next try is refused until then;
// - lowers the limit below what the day has spent: a transfer is refused with the server's words.
// Each screen is checked (nothing sideways, the actions in reach, axe); the server's figures agree.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { closeEarnings, earn } from '@aura/platform/testing';
import {
  apiCall,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';
import { checkScreen, contextAt, DESKTOP, dialogNamed, PHONE, type Viewport } from './support/screens';

const WALLET = 'Wallet & Payments';
const PAUSE = 'Take a breath';
const SECTION = 'Spending that cares';
/** The explore search follows identity's events a moment behind. */
const PROJECTION_WAIT_MS = 120_000;
/** The screen checks (axe on the whole page) are slow on a busy machine. */
const SCREENS_MS = 240_000;

interface SpendingAnswer {
  daily_limit: number | null;
  pause_threshold: number | null;
  pending_daily_limit: { value: number | null; effective_at: string } | null;
  spent_today: number;
  low_mood: boolean;
  cooling_off_until: string | null;
}

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  closeEarnings();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

const balanceOf = async (member: Member) =>
  (await apiCall<{ aura_coin_balance_micro: number }>('GET', '/wallet', { token: member.token }))
    .aura_coin_balance_micro;
const settingsOf = (member: Member) =>
  apiCall<SpendingAnswer>('GET', '/wallet/spending-settings', { token: member.token });

/** A dialog of the side menu ("Open menu", there at every screen size). */
async function openFromMenu(page: Page, name: string): Promise<Locator> {
  await button(page, 'Open menu').click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name, exact: true }).click();
  const dialog = dialogNamed(page, name);
  await dialog.waitFor({ timeout: WAIT_MS });
  return dialog;
}

async function close(dialog: Locator) {
  await button(dialog, 'Close').click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

/** The pause the server asked for: its question, then the member's answer. */
async function expectPause(page: Page, question: string): Promise<Locator> {
  const pause = dialogNamed(page, PAUSE);
  await pause.waitFor({ timeout: WAIT_MS });
  expect(await textOf(pause)).toContain(question);
  return pause;
}

describe.each([DESKTOP, PHONE])('spending that cares at $width px', (viewport: Viewport) => {
  let member: Member;
  let friend: Member;
  let page: Page;

  beforeAll(async () => {
    [member, friend] = await Promise.all([
      registerMember('care', 'Cara Careful'),
      registerMember('carf', 'Finn Friend'),
    ]);
    await earn(member.id, 3000);
    // Two low check-ins: sad, then tired (energy 2).
    await apiCall('POST', '/profile/mood-checkin', {
      token: member.token,
      body: { mood: 'sad', energy_level: 6 },
    });
    await apiCall('POST', '/profile/mood-checkin', {
      token: member.token,
      body: { mood: 'happy', energy_level: 2 },
    });
    await eventually(async () => {
      const found = await apiCall<{ users: { id: string }[] }>(
        'GET',
        `/search?query=${friend.username}&content_type=users&limit=20`,
        { token: member.token },
      );
      return found.users.some((user) => user.id === friend.id);
    }, PROJECTION_WAIT_MS);
    const context = await contextAt(browser, viewport);
    contexts.push(context);
    page = await openSignedIn(context, member);
  }, PROJECTION_WAIT_MS + 60_000);

  it(
    'sets a daily limit and a pause amount in the wallet; a raise waits 24 hours',
    async () => {
      const wallet = await openFromMenu(page, WALLET);
      const section = wallet.getByRole('region', { name: SECTION, exact: true });
      await section.scrollIntoViewIfNeeded();
      await section.getByText('0 AC spent today', { exact: true }).waitFor({ timeout: WAIT_MS });

      await section.getByLabel('Daily limit (AC)', { exact: true }).fill('2000');
      await section.getByLabel('Pause above (AC)', { exact: true }).fill('10');
      await button(section, 'Save').click();
      await expectNotice(page, 'Spending settings saved');
      await section.getByText('0 AC spent today of 2000 AC · 2000 AC left').waitFor({ timeout: WAIT_MS });
      await section
        .getByText('Your last two check-ins were low: spends over 10 AC will ask you to take a breath first.')
        .waitFor({ timeout: WAIT_MS });
      expect(await settingsOf(member)).toMatchObject({
        daily_limit: 2000,
        pause_threshold: 10,
        low_mood: true,
      });

      // A raise waits 24 hours: the field keeps what is in effect, the note says when.
      await section.getByLabel('Daily limit (AC)', { exact: true }).fill('2500');
      await button(section, 'Save').click();
      await expectNotice(page, 'Saved. A higher limit or a removal takes effect after 24 hours.');
      await section.getByText(/^Rises to 2500 AC on /).waitFor({ timeout: WAIT_MS });
      expect(await section.getByLabel('Daily limit (AC)', { exact: true }).inputValue()).toBe('2000');
      const pending = (await settingsOf(member)).pending_daily_limit;
      expect(pending?.value).toBe(2500);
      expect(Date.parse(pending!.effective_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
      await checkScreen(page, viewport, 'spending-settings', {
        dialog: WALLET,
        primary: button(section, 'Save'),
      });

      // Keep current: the raise is dropped.
      await button(section, 'Keep current').click();
      await expectNotice(page, 'Spending settings saved');
      await section.getByText(/^Rises to/).waitFor({ state: 'hidden', timeout: WAIT_MS });
      expect(await settingsOf(member)).toMatchObject({ daily_limit: 2000, pending_daily_limit: null });
      await close(wallet);
    },
    SCREENS_MS,
  );

  it(
    'asks before a transfer above the pause amount; Send anyway sends it',
    async () => {
      const before = await balanceOf(member);
      const wallet = await openFromMenu(page, WALLET);
      await wallet.getByRole('tab', { name: 'Send AuraCoins' }).click();
      await wallet.getByLabel('Recipient', { exact: true }).fill(friend.username);
      await wallet
        .getByRole('list', { name: 'Recipients' })
        .getByRole('button', { name: `${friend.display_name} @${friend.username}` })
        .click();
      await wallet.getByLabel('Amount (AC)', { exact: true }).fill('25');
      await button(wallet, 'Send AuraCoins').click();

      const pause = await expectPause(page, 'Take a breath — still want to send 25 AC?');
      expect(await balanceOf(member)).toBe(before);
      await checkScreen(page, viewport, 'spending-pause', {
        dialog: PAUSE,
        primary: button(pause, 'Send anyway'),
      });
      await button(pause, 'Send anyway').click();
      await expectNotice(page, `Sent 25 AC to @${friend.username}`);
      await pause.waitFor({ state: 'hidden', timeout: WAIT_MS });
      expect(before - (await balanceOf(member))).toBe(25_000_000);
      await close(wallet);
    },
    SCREENS_MS,
  );

  it('asks before a marketplace purchase and a genie bottle; Buy anyway buys them', async () => {
    const before = await balanceOf(member);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Marketplace' }).click();
    const market = dialogNamed(page, 'Marketplace');
    await market.getByRole('article').first().waitFor({ timeout: WAIT_MS });
    await market.getByRole('searchbox').fill('Rose Ring');
    const card = market.getByRole('article').filter({ hasText: 'Rose Ring' });
    await button(card, 'Purchase Rose Ring').click();
    const confirm = dialogNamed(page, 'Confirm Purchase');
    await button(confirm, 'Confirm Purchase').click();
    const pause = await expectPause(page, 'Take a breath — still want to spend 45 AC?');
    await button(pause, 'Buy anyway').click();
    await expectNotice(page, 'Rose Ring purchased successfully!');
    await confirm.waitFor({ state: 'hidden', timeout: WAIT_MS });
    await close(market);

    const { price } = await apiCall<{ price: number }>('GET', '/genies/bottles', { token: member.token });
    const shop = await openFromMenu(page, 'Genie Shop');
    await button(shop, 'Purchase').click();
    const bottlePause = await expectPause(page, `Take a breath — still want to spend ${price} AC?`);
    await button(bottlePause, 'Buy anyway').click();
    await expectNotice(page, 'Purchased 1');
    await close(shop);
    expect(before - (await balanceOf(member))).toBe((45 + price) * 1_000_000);
  });

  it('asks before a tip; “Wait 10 minutes” refuses bigger spends until then', async () => {
    const before = await balanceOf(member);
    const explore = await openFromMenu(page, 'Explore');
    await explore.getByRole('searchbox').fill(friend.username);
    await explore
      .getByRole('region', { name: 'Users' })
      .getByRole('button', { name: `${friend.display_name} @${friend.username}, view profile` })
      .click();
    const profile = dialogNamed(page, 'Profile');
    await button(profile, 'Send Energy').click();
    const tip = dialogNamed(page, 'Send Energy');
    await tip.getByLabel('Amount', { exact: true }).fill('12');
    await button(tip, 'Send Energy').click();

    const pause = await expectPause(page, 'Take a breath — still want to send 12 AC?');
    await button(pause, 'Wait 10 minutes').click();
    await expectNotice(page, 'Okay. Bigger spends wait until');
    await pause.waitFor({ state: 'hidden', timeout: WAIT_MS });
    expect((await settingsOf(member)).cooling_off_until).not.toBeNull();
    // Trying again now: refused by the server, in its words, without a pause to answer.
    await button(tip, 'Send Energy').click();
    await tip
      .getByRole('alert')
      .filter({ hasText: /^You chose to wait: spending over 10 AC is paused until \d\d:\d\d UTC/ })
      .waitFor({ timeout: WAIT_MS });
    expect(await dialogNamed(page, PAUSE).count()).toBe(0);
    expect(await balanceOf(member)).toBe(before);
    await close(tip);
    await close(profile);
    await close(explore);
  });

  it(
    'refuses a transfer over the daily limit with the server’s words',
    async () => {
      const wallet = await openFromMenu(page, WALLET);
      const section = wallet.getByRole('region', { name: SECTION, exact: true });
      await section.scrollIntoViewIfNeeded();
      // A lower limit takes effect at once; the day has spent more already.
      await section.getByLabel('Daily limit (AC)', { exact: true }).fill('50');
      await button(section, 'Save').click();
      await expectNotice(page, 'Spending settings saved');
      const spent = (await settingsOf(member)).spent_today;
      expect(spent).toBeGreaterThan(50);
      await section.getByText(`${spent} AC spent today of 50 AC · 0 AC left`).waitFor({ timeout: WAIT_MS });

      await wallet.getByRole('tab', { name: 'Send AuraCoins' }).click();
      await wallet.getByLabel('Recipient', { exact: true }).fill(friend.username);
      await wallet
        .getByRole('list', { name: 'Recipients' })
        .getByRole('button', { name: `${friend.display_name} @${friend.username}` })
        .click();
      await wallet.getByLabel('Amount (AC)', { exact: true }).fill('5');
      await button(wallet, 'Send AuraCoins').click();
      await wallet
        .getByRole('alert')
        .filter({
          hasText: 'You have reached your daily spending limit of 50 AC. It starts again at midnight UTC.',
        })
        .waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'spending-limit', { dialog: WALLET });
      await close(wallet);
    },
    SCREENS_MS,
  );
});
