// The marketplace in a real browser, against the running stack (issue 8 items 3 and 4; spec 001 §2,
// §4, §5): a funded member finds items with the search and the filters, buys one through the confirm
// dialog, applies it and sees their profile change (ring, badge), finds it under the own-profile Shop's
// My Purchases and removes it; a member with too little sees "Insufficient balance!" and cannot buy.
import type { Browser, Locator, Page } from 'playwright-core';
import {
  apiCall,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  WAIT_MS,
  type Member,
} from './support/browser';

interface WalletAnswer {
  aura_coin_balance_micro: number;
}

/** Social's projection of a just-registered member may lag (see social.browser-spec.ts). */
const PROJECTION_WAIT_MS = 600_000;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const walletOf = (member: Member) => apiCall<WalletAnswer>('GET', '/wallet', { token: member.token });
const card = (scope: Locator, name: string) => scope.getByRole('article', { name, exact: true });

let browser: Browser;
let buyer: Member;
let poor: Member;

async function fund(member: Member, amount: number, superAdmin: string) {
  await apiCall('POST', `/admin/wallets/${member.id}/adjust`, {
    token: superAdmin,
    body: { amount, reason: 'browser test funds' },
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  [buyer, poor] = await Promise.all([
    registerMember('shopper', 'Market Shopper'),
    registerMember('shortof', 'Short Of Coins'),
  ]);
  const login = await apiCall<{ access_token: string }>('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  await fund(buyer, 100, login.access_token);
  await fund(poor, 10, login.access_token);
  // Social's projection of a just-registered member may lag: the public-profile check searches for them.
  await eventually(async () => {
    const found = await apiCall<{ users: { id: string }[] }>(
      'GET',
      `/search?query=${buyer.username}&content_type=users&limit=20`,
      { token: poor.token },
    );
    return found.users.some((user) => user.id === buyer.id);
  }, PROJECTION_WAIT_MS);
}, PROJECTION_WAIT_MS + 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openMarketplace(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Marketplace' }).click();
  const market = dialog(page, 'Marketplace');
  await market.waitFor({ timeout: WAIT_MS });
  await market.getByRole('article').first().waitFor({ timeout: WAIT_MS });
  return market;
}

async function buy(page: Page, market: Locator, name: string) {
  await market.getByRole('searchbox').fill(name);
  await button(card(market, name), `Purchase ${name}`).click();
  const confirm = dialog(page, 'Confirm Purchase');
  await confirm.waitFor({ timeout: WAIT_MS });
  await button(confirm, 'Confirm Purchase').click();
  await expectNotice(page, `${name} purchased successfully!`);
  await confirm.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

describe('marketplace (issue 8; spec 001 §2, §4, §5)', () => {
  it('buys and applies items and sees the profile change; the Shop lists them and removes one', async () => {
    const page = await openSignedIn(await newContext(browser), buyer);
    const market = await openMarketplace(page);
    // The special-items banner leads to the Genie shop.
    await market
      .getByRole('region', { name: 'Special items' })
      .getByRole('button', { name: 'Visit Genie Shop' })
      .waitFor();

    // Search on the description, the category and price filters.
    await market.getByRole('searchbox').fill('soft rose');
    await card(market, 'Rose Ring').waitFor({ timeout: WAIT_MS });
    expect(await market.getByRole('article').count()).toBe(1);
    await market.getByRole('searchbox').fill('');
    await market.getByLabel('Category', { exact: true }).selectOption('ring_colors');
    await market.getByLabel('Price', { exact: true }).selectOption('over100');
    await card(market, 'Golden Ring').waitFor({ timeout: WAIT_MS });
    expect(await market.getByRole('article').count()).toBe(1);
    await market.getByLabel('Price', { exact: true }).selectOption('all');
    await market.getByLabel('Category', { exact: true }).selectOption('all');
    await button(market, 'List').click();
    expect(await button(market, 'List').getAttribute('aria-pressed')).toBe('true');

    const before = await walletOf(buyer);
    await buy(page, market, 'Rose Ring');
    await buy(page, market, 'Rising Star Badge');
    expect(before.aura_coin_balance_micro - (await walletOf(buyer)).aura_coin_balance_micro).toBe(60_000_000);

    // Owned: the purchase button is disabled; apply both to the profile.
    await market.getByRole('searchbox').fill('Rose Ring');
    expect(
      await card(market, 'Rose Ring').getByRole('button', { name: 'Rose Ring: owned' }).isDisabled(),
    ).toBe(true);
    await button(card(market, 'Rose Ring'), 'Apply to Profile: Rose Ring').click();
    await expectNotice(page, 'Rose Ring applied to your profile');
    await market.getByRole('searchbox').fill('Rising Star');
    await button(card(market, 'Rising Star Badge'), 'Apply to Profile: Rising Star Badge').click();
    await expectNotice(page, 'Rising Star Badge applied to your profile');
    await card(market, 'Rising Star Badge').getByText('Active on profile').waitFor({ timeout: WAIT_MS });
    await button(market, 'Close').click();
    await market.waitFor({ state: 'hidden', timeout: WAIT_MS });

    // The own profile wears them: the avatar's ring colour and the badge.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    const profile = dialog(page, 'Your Profile');
    await profile.waitFor({ timeout: WAIT_MS });
    const header = profile.getByRole('region', { name: 'Profile header' });
    await header.locator('[data-mk-ring="#f43f5e"]').waitFor({ timeout: WAIT_MS });
    await header.getByText('Rising Star Badge').waitFor({ timeout: WAIT_MS });
    const ring = await header
      .locator('[data-mk-ring] > :first-child')
      .evaluate((element) => getComputedStyle(element).getPropertyValue('--ring').trim());
    expect(ring).toBe('#f43f5e');

    // The Shop section: My Purchases lists both; removing the ring takes it off the header.
    await profile.getByRole('tab', { name: 'Shop' }).click();
    await profile.getByRole('tab', { name: 'My Purchases' }).click();
    const purchases = profile.getByLabel('My purchases');
    await card(purchases, 'Rose Ring').waitFor({ timeout: WAIT_MS });
    await card(purchases, 'Rising Star Badge').waitFor({ timeout: WAIT_MS });
    await button(card(purchases, 'Rose Ring'), 'Remove from Profile: Rose Ring').click();
    await expectNotice(page, 'Rose Ring removed from your profile');
    await eventually(async () => (await header.locator('[data-mk-ring]').count()) === 0);
    await header.getByText('Rising Star Badge').waitFor({ timeout: WAIT_MS });
    // Browse Items is the catalogue again.
    await profile.getByRole('tab', { name: 'Browse Items' }).click();
    await profile.getByRole('searchbox').waitFor({ timeout: WAIT_MS });
    await page.context().close();
  }, 240_000);

  it('another member sees the applied badge on the public profile', async () => {
    const page = await openSignedIn(await newContext(browser), poor);
    await button(page, 'Explore').click();
    const explore = dialog(page, 'Explore');
    await explore.getByRole('searchbox').fill(buyer.username);
    await explore
      .getByRole('region', { name: 'Users' })
      .getByRole('button', { name: `${buyer.display_name} @${buyer.username}, view profile` })
      .click();
    const profile = dialog(page, 'Profile');
    await profile
      .getByTestId('applied-badge')
      .filter({ hasText: 'Rising Star Badge' })
      .waitFor({ timeout: WAIT_MS });
    expect(await profile.locator('[data-mk-decor]').getAttribute('data-mk-decor')).toBe('Rising Star Badge');
    await page.context().close();
  }, 120_000);

  it('a member with too little sees "Insufficient balance!" and cannot purchase; nothing is charged', async () => {
    const page = await openSignedIn(await newContext(browser), poor);
    const market = await openMarketplace(page);
    await market.getByRole('searchbox').fill('Golden Ring');
    // Spec 001 §5: the card's Purchase is disabled when the balance is below the price.
    const golden = card(market, 'Golden Ring');
    await golden.getByText('Insufficient balance!', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await button(golden, 'Purchase Golden Ring').isDisabled()).toBe(true);
    expect(await dialog(page, 'Confirm Purchase').count()).toBe(0);
    expect((await walletOf(poor)).aura_coin_balance_micro).toBe(10_000_000);
    await page.context().close();
  }, 120_000);
});
