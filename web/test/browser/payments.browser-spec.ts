// Card top-ups and SuperAura in a real browser, against the running stack (issue 7 items 5 and 8; spec
// 001 §2 "Payment return", §4 "Payment", §8; spec 000 §2 "Upgrade tab"). Without Stripe keys the gateway
// serves a local test checkout page (Pay / Cancel) that sends the same signed webhook as Stripe would:
// a member buys a package there and comes back to a balance risen by the package's AC and a clean
// address; a cancelled checkout says "Payment was cancelled"; the Upgrade section's Monthly Plan makes
// the member SuperAura (the section leaves the selector, the badge and the subscription show, and the
// subscription is cancelled at the period's end).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
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
import type { components } from '../../src/api/schema';

type Package = components['schemas']['TopUpPackageResponse'];
type MembershipAnswer = components['schemas']['SuperAuraStatusResponse'];

interface WalletAnswer {
  aura_coin_balance: number;
  aura_coin_balance_micro: number;
}

const CHECKOUT_PAGE = /\/api\/payments\/test-checkout\//;
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const walletOf = (member: Member) => apiCall<WalletAnswer>('GET', '/wallet', { token: member.token });
const headerBalance = (page: Page) => page.getByRole('button', { name: /^Wallet balance/ });
const packageButton = (scope: Page | Locator, item: Package) =>
  scope.getByRole('button', {
    name: `Buy ${item.name}: ${item.auracoin_amount.toLocaleString('en-US')} AC for $${item.usd_price.toFixed(2)}`,
    exact: true,
  });

/** Back on the app's page with nothing left of the return in the address. */
async function expectCleanAddress(page: Page) {
  await eventually(async () => page.url() === `${BASE_URL}/`);
}

async function openBuyTab(page: Page): Promise<Locator> {
  await headerBalance(page).click();
  const wallet = dialog(page, 'Wallet & Payments');
  await wallet.waitFor({ timeout: WAIT_MS });
  await wallet.getByRole('tab', { name: 'Buy AuraCoins', exact: true }).click();
  return wallet;
}

let browser: Browser;
let context: BrowserContext;
let buyer: Member;
let packages: Package[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  buyer = await registerMember('buyer', 'Coin Buyer');
  packages = await apiCall<Package[]>('GET', '/payments/packages');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('buying AuraCoins through the test checkout (spec 001 §2, §4, §7, §8)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openSignedIn(context, buyer);
  });

  it('lists the packages, and a paid checkout raises the balance by the package and clears the address', async () => {
    expect(packages.length).toBeGreaterThan(0);
    const popular = packages.find((item) => item.is_popular) ?? packages[0]!;
    const before = await walletOf(buyer);

    // The packages list is sent without the member's token (spec 001 §6).
    const packagesAuth: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/payments/packages')
        packagesAuth.push(request.headers().authorization);
    });
    const wallet = await openBuyTab(page);
    const list = wallet.getByRole('list', { name: 'AuraCoin packages' });
    await list.waitFor({ timeout: WAIT_MS });
    expect(await list.getByRole('listitem').count()).toBe(packages.length);
    expect(packagesAuth.length).toBeGreaterThan(0);
    expect(packagesAuth.every((header) => header === undefined)).toBe(true);
    const card = list.getByRole('listitem').filter({ has: packageButton(page, popular) });
    const cardText = await textOf(card);
    expect(cardText).toContain(popular.name);
    expect(cardText).toContain(`$${popular.usd_price.toFixed(2)}`);
    expect(cardText).toContain('Popular');
    if (popular.bonus_percentage > 0) expect(cardText).toContain(`${popular.bonus_percentage}% bonus`);

    await packageButton(wallet, popular).click();
    await page.waitForURL(CHECKOUT_PAGE, { timeout: WAIT_MS });
    await page.locator('#pay').click();

    // Back on the app: the payment is verified and named, the wallet dialog shows the new balance.
    await expectNotice(
      page,
      `Payment successful! ${popular.auracoin_amount.toLocaleString('en-US')} AuraCoins added to your wallet.`,
    );
    await expectCleanAddress(page);
    const after = await walletOf(buyer);
    expect(after.aura_coin_balance_micro - before.aura_coin_balance_micro).toBe(
      Math.round(popular.auracoin_amount * 1_000_000),
    );
    const shown = dialog(page, 'Wallet & Payments');
    await eventually(
      async () =>
        (await textOf(shown.getByTestId('wallet-balance'))) === `${after.aura_coin_balance.toFixed(3)} AC`,
    );
  });

  it('says "Payment was cancelled" when the checkout is cancelled, and nothing is credited', async () => {
    const before = await walletOf(buyer);
    const wallet = dialog(page, 'Wallet & Payments');
    if (!(await wallet.isVisible())) await openBuyTab(page);
    else await wallet.getByRole('tab', { name: 'Buy AuraCoins', exact: true }).click();
    const item = packages[0]!;
    await packageButton(wallet, item).click();
    await page.waitForURL(CHECKOUT_PAGE, { timeout: WAIT_MS });
    await page.locator('#cancel').click();

    await expectNotice(page, 'Payment was cancelled');
    await expectCleanAddress(page);
    expect((await walletOf(buyer)).aura_coin_balance_micro).toBe(before.aura_coin_balance_micro);
  });
});

describe('SuperAura through the Upgrade section (spec 000 §2, §6, §9)', () => {
  let member: Member;
  let page: Page;
  // A context of its own: pages of one context share localStorage, and the buyer's open page could
  // put its own token back while this member signs in.
  let memberContext: BrowserContext;

  beforeAll(async () => {
    member = await registerMember('upgrade', 'Upgrade Tester');
    memberContext = await newContext(browser);
    page = await openSignedIn(memberContext, member);
  });

  afterAll(async () => {
    await memberContext?.close();
  });

  async function openOwnProfile(): Promise<Locator> {
    await button(page, 'Open profile menu').click();
    await button(page, 'Your Profile').click();
    const profile = dialog(page, 'Your Profile');
    await profile.waitFor({ timeout: WAIT_MS });
    return profile;
  }

  it('shows both plans side by side, and the Monthly Plan makes the member SuperAura', async () => {
    const profile = await openOwnProfile();
    await profile.getByRole('tab', { name: 'Upgrade', exact: true }).click();
    const plans = profile.getByRole('list', { name: 'SuperAura plans' }).getByRole('listitem');
    expect(await plans.count()).toBe(2);
    const [monthly, annual] = [await textOf(plans.nth(0)), await textOf(plans.nth(1))];
    expect(monthly).toContain('Monthly Plan');
    expect(monthly).toContain('Popular');
    expect(monthly).toContain('$45');
    expect(annual).toContain('Annual Plan');
    expect(annual).toContain('Best Value');
    expect(annual).toContain('$499');
    expect(annual).toContain('Save $41');
    // Side by side on a desktop screen.
    const [left, right] = [await plans.nth(0).boundingBox(), await plans.nth(1).boundingBox()];
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
    expect(right!.x).toBeGreaterThan(left!.x);
    await profile.getByText('50% higher earning rates', { exact: true }).waitFor({ timeout: WAIT_MS });

    await profile.getByRole('button', { name: /^Choose the Monthly Plan/ }).click();
    await page.waitForURL(CHECKOUT_PAGE, { timeout: WAIT_MS });
    await page.locator('#pay').click();

    await expectNotice(page, 'Welcome to SuperAura! Your membership is active.');
    await expectCleanAddress(page);
    const status = await apiCall<MembershipAnswer>('GET', '/superaura/status', { token: member.token });
    expect(status).toMatchObject({ is_super_aura: true, plan: 'monthly', cancel_at_period_end: false });

    // The profile opens on Settings: the badge and the subscription; Upgrade has left the selector.
    const after = dialog(page, 'Your Profile');
    const membership = after.getByRole('region', { name: 'SuperAura membership' });
    await membership.getByLabel('SuperAura member').waitFor({ timeout: WAIT_MS });
    await eventually(async () =>
      /^Monthly plan · renews on /.test(await textOf(membership.getByTestId('superaura-subscription'))),
    );
    const tabs = after.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).not.toContain('Upgrade');
  });

  it('cancels the subscription at the end of the period', async () => {
    const membership = dialog(page, 'Your Profile').getByRole('region', { name: 'SuperAura membership' });
    await button(membership, 'Cancel subscription').click();
    await button(membership, 'Yes, cancel').click();
    await expectNotice(page, 'Your SuperAura subscription will end at the end of the current period.');
    await eventually(async () =>
      /^Monthly plan · ends on /.test(await textOf(membership.getByTestId('superaura-subscription'))),
    );
    const status = await apiCall<MembershipAnswer>('GET', '/superaura/status', { token: member.token });
    expect(status).toMatchObject({ is_super_aura: true, cancel_at_period_end: true });
  });
});
