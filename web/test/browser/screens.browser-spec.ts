// Every screen at 390×844 and 1366×850 (issue 22, Done when): the landing page and the forms signed out;
// signed in, the home view, the side menu and every dialog with its sections and tabs, stacked dialogs
// included; and the Admin Panel's tabs as the super admin. On each: nothing scrolls sideways (page,
// dialog and its body), the primary action lies inside the viewport, axe finds no serious or critical
// violation. With AURA_SCREENSHOTS_DIR set (`npm run screenshots`) each screen is also saved as a PNG.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
  button,
  eventually,
  launchBrowser,
  openSignedIn,
  registerMember,
  WAIT_MS,
  type Member,
} from './support/browser';
import { checkScreen, DESKTOP, dialogNamed, PHONE, type Viewport } from './support/screens';

const SLOW_MS = 240_000;

let browser: Browser;
let newbie: Member;
let pal: Member;
let boss: Member;

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

beforeAll(async () => {
  browser = await launchBrowser();
  [newbie, pal, boss] = await Promise.all([
    registerMember('scr', 'Ada Walker'),
    registerMember('pal', 'Orion Reyes'),
    superAdminMember(),
  ]);
  // A bio long enough to wrap, and a post and a story, so the member's profile has content.
  await apiCall('PUT', '/profile', {
    token: pal.token,
    body: { bio: 'Building things, breathing slowly and collecting sunsets one evening at a time.' },
  });
  // Funds for a genie bottle (revealed: the collection then has a genie to send) and a cheap item, a
  // story for the story viewer, and a ticket for the admin's Respond dialog.
  const { price } = await apiCall<{ price: number }>('GET', '/genies/bottles', { token: newbie.token });
  await apiCall('POST', `/admin/wallets/${newbie.id}/adjust`, {
    token: boss.token,
    body: { amount: Math.ceil(price) + 100, reason: 'screens test funds' },
  });
  await apiCall('POST', '/genies/purchase-bottle', { token: newbie.token, body: { quantity: 1 } });
  await apiCall('POST', '/genies/reveal-bottle', { token: newbie.token });
  await apiCall('POST', '/posts', {
    token: newbie.token,
    body: { content: 'First light', content_type: 'text', category: 'general', is_story: true },
  });
  await apiCall('POST', '/support/tickets', {
    token: newbie.token,
    body: {
      subject: 'Where is my wallet?',
      message: 'I cannot find the wallet on my phone.',
      priority: 'normal',
    },
  });
  await apiCall('POST', '/posts', {
    token: pal.token,
    body: {
      content: 'Morning light over the bay #calm',
      content_type: 'text',
      category: 'general',
      is_story: false,
    },
  });
}, SLOW_MS);

afterAll(async () => {
  await browser?.close();
});

const tab = (scope: Page | Locator, name: string) => scope.getByRole('tab', { name, exact: true });

async function openDialog(page: Page, opener: Locator, title: string) {
  await opener.click();
  const dialog = dialogNamed(page, title);
  await dialog.waitFor({ timeout: WAIT_MS });
  return dialog;
}

async function closeTop(page: Page, title: string) {
  const dialog = dialogNamed(page, title).last();
  await button(dialog, 'Close').click();
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
}

/** Opens an entry of the side menu (every dialog of the app is one). */
async function fromMenu(page: Page, entry: string, title = entry) {
  await button(page, 'Open menu').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  return openDialog(page, menu.getByRole('button', { name: new RegExp(`^${entry}`) }), title);
}

/** The main navigation: the bottom bar, or the left rail on wide screens. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });

describe.each([PHONE, DESKTOP])('every screen at $width×$height', (viewport: Viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: viewport.width, height: viewport.height },
      reducedMotion: 'reduce',
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Each test starts on a page of its own, so that one failing screen leaves the next ones alone. */
  async function freshPage(who: Member = newbie) {
    if (page && !page.isClosed()) await page.close();
    page = await openSignedIn(context, who);
    return page;
  }

  it(
    'signed out: the landing page, sign-up and sign-in',
    async () => {
      const visitor = await context.newPage();
      await visitor.goto('/');
      const create = button(visitor, 'Create Account').first();
      await create.waitFor({ timeout: WAIT_MS });
      await checkScreen(visitor, viewport, '01-landing', { primary: create });
      await create.click();
      const signUp = button(visitor, 'Sign Up');
      await checkScreen(visitor, viewport, '02-signup', { primary: signUp });
      await visitor.getByRole('tab', { name: 'Sign In' }).click();
      await checkScreen(visitor, viewport, '03-signin', { primary: button(visitor, 'Sign In').last() });
      await visitor.close();
    },
    SLOW_MS,
  );

  it(
    'the home view, the side menu and the own-profile sections',
    async () => {
      await freshPage();
      await page.getByText('Set up your profile', { exact: true }).waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '10-home', { primary: nav(page, 'Create') });

      await button(page, 'Open menu').click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '11-side-menu', { primary: button(menu, 'Sign Out') });
      await button(menu, 'Close menu').click();

      const profile = await openDialog(page, nav(page, 'Profile'), 'Your Profile');
      const sections: [string, string | null][] = [
        ['Dashboard', 'Daily Check-in'],
        ['Posts', null],
        ['Reflection', null],
        ['Genies', 'Genie Shop'],
        ['Wallet', 'Buy AuraCoins'],
        ['Shop', null],
        ['Upgrade', null],
        ['Settings', 'Save Changes'],
      ];
      for (const [index, [section, primary]] of sections.entries()) {
        await tab(profile, section).click();
        await profile.getByRole('tabpanel').first().waitFor({ timeout: WAIT_MS });
        await checkScreen(page, viewport, `2${index}-profile-${section.toLowerCase()}`, {
          dialog: 'Your Profile',
          primary: primary ? button(profile, primary).first() : undefined,
        });
      }
      await tab(profile, 'Dashboard').click();
      const customise = await openDialog(page, button(profile, 'Customize'), 'Customize Profile');
      await checkScreen(page, viewport, '29a-profile-customize', {
        dialog: 'Customize Profile',
        primary: button(customise, 'Save Customization'),
      });
      await closeTop(page, 'Customize Profile');
      const reflection = await openDialog(page, button(profile, 'Daily Reflection'), 'Daily Reflection');
      await checkScreen(page, viewport, '29b-profile-reflection-dialog', {
        dialog: 'Daily Reflection',
        primary: button(reflection, 'Save Reflection'),
      });
      await closeTop(page, 'Daily Reflection');
      const checkin = await openDialog(page, button(profile, 'Daily Check-in'), 'Daily Check-in');
      await checkScreen(page, viewport, '29c-profile-checkin', {
        dialog: 'Daily Check-in',
        primary: button(checkin, 'Submit Check-in'),
      });
      await closeTop(page, 'Daily Check-in');
      await closeTop(page, 'Your Profile');
    },
    SLOW_MS,
  );

  it(
    'Explore, Create, Marketplace, Notifications, the coin chart and the Help Center',
    async () => {
      await freshPage();
      await fromMenu(page, 'Explore');
      await checkScreen(page, viewport, '30-explore', { dialog: 'Explore' });
      await closeTop(page, 'Explore');

      const create = await openDialog(page, nav(page, 'Create'), 'Create');
      await checkScreen(page, viewport, '31-create', {
        dialog: 'Create',
        primary: button(create, 'Share Post'),
      });
      await closeTop(page, 'Create');

      const market = await openDialog(page, nav(page, 'Marketplace'), 'Marketplace');
      const affordable = market
        .getByRole('button', { name: /^Purchase / })
        .and(market.locator(':enabled'))
        .first();
      await affordable.waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '32-marketplace', { dialog: 'Marketplace', primary: affordable });
      const confirm = await openDialog(page, affordable, 'Confirm Purchase');
      await checkScreen(page, viewport, '32-marketplace-confirm', {
        dialog: 'Confirm Purchase',
        primary: button(confirm, 'Confirm Purchase'),
      });
      await button(confirm, 'Cancel').click();
      await confirm.waitFor({ state: 'detached', timeout: WAIT_MS });
      await closeTop(page, 'Marketplace');

      await fromMenu(page, 'Notifications');
      await checkScreen(page, viewport, '33-notifications', { dialog: 'Notifications' });
      await closeTop(page, 'Notifications');

      const chart = await fromMenu(page, 'AuraCoin Chart');
      await chart.getByTestId('coin-price-chart').waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '34-coin-chart', { dialog: 'AuraCoin Chart' });
      await closeTop(page, 'AuraCoin Chart');

      const help = await fromMenu(page, 'Help Center');
      for (const [index, name] of ['FAQ', 'Contact Support', 'My Tickets'].entries()) {
        await tab(help, name).click();
        await checkScreen(page, viewport, `35-help-${index}`, {
          dialog: 'Help Center',
          primary: name === 'Contact Support' ? button(help, 'Submit Ticket') : undefined,
        });
      }
      await closeTop(page, 'Help Center');
    },
    SLOW_MS,
  );

  it(
    'the wallet tabs and the genie screens',
    async () => {
      await freshPage();
      const wallet = await fromMenu(page, 'Wallet & Payments');
      for (const [index, name] of ['Buy AuraCoins', 'Send AuraCoins', 'Withdraw'].entries()) {
        await tab(wallet, name).click();
        await checkScreen(page, viewport, `40-wallet-${index}`, {
          dialog: 'Wallet & Payments',
          primary: name === 'Send AuraCoins' ? button(wallet, 'Send AuraCoins').last() : undefined,
        });
      }
      await closeTop(page, 'Wallet & Payments');

      const shop = await fromMenu(page, 'Genie Shop');
      await checkScreen(page, viewport, '41-genie-shop', {
        dialog: 'Genie Shop',
        primary: button(shop, 'Purchase').first(),
      });
      await closeTop(page, 'Genie Shop');

      const profile = await openDialog(page, nav(page, 'Profile'), 'Your Profile');
      await tab(profile, 'Genies').click();
      // View Collection leaves the profile for the collection (spec 000 §2).
      const collection = await openDialog(page, button(profile, 'View Collection'), 'My Genie Collection');
      const send = button(collection, 'Send').first();
      await send.waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '42-genie-collection', {
        dialog: 'My Genie Collection',
        primary: send,
      });
      const gift = await openDialog(page, send, 'Send NFT Genie');
      await checkScreen(page, viewport, '43-send-genie', {
        dialog: 'Send NFT Genie',
        primary: button(gift, 'Send Genie'),
      });
      await closeTop(page, 'Send NFT Genie');
      await closeTop(page, 'My Genie Collection');

      // The story viewer, from the stories strip.
      const story = page.getByRole('region', { name: 'Stories' }).getByRole('button', { name: /^Story by / });
      await story.first().click();
      const viewer = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('progressbar', { name: 'Story progress' }) });
      await viewer.waitFor({ timeout: WAIT_MS });
      await button(viewer, 'Pause story').click();
      await checkScreen(page, viewport, '44-story-viewer', { primary: button(viewer, 'Play story') });
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached', timeout: WAIT_MS });
    },
    SLOW_MS,
  );

  it(
    'another member: profile, Send Energy and a chat open on top of it',
    async () => {
      await freshPage();
      await fromMenu(page, 'Explore');
      await page.getByRole('dialog', { name: 'Explore' }).getByRole('searchbox').first().fill(pal.username);
      const result = page
        .getByRole('dialog', { name: 'Explore' })
        .getByRole('button', { name: new RegExp(`@${pal.username}`) })
        .first();
      await result.waitFor({ timeout: 120_000 });
      const member = await openDialog(page, result, 'Profile');
      await member.getByText(pal.display_name, { exact: true }).first().waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, '50-member-profile', {
        dialog: 'Profile',
        primary: button(member, 'Follow'),
      });

      const energy = await openDialog(page, button(member, 'Send Energy'), 'Send Energy');
      await checkScreen(page, viewport, '51-send-energy', {
        dialog: 'Send Energy',
        primary: button(energy, 'Send Energy'),
      });
      // Back (the phone's back gesture) closes the tip dialog only: the profile was kept under it, and the
      // focus returns to the button that opened the tip dialog.
      await page.goBack();
      await energy.waitFor({ state: 'detached', timeout: WAIT_MS });
      await member.waitFor({ timeout: WAIT_MS });
      await eventually(() =>
        button(member, 'Send Energy').evaluate((element) => element === document.activeElement),
      );

      const chat = await openDialog(page, button(member, 'Message'), 'Messages');
      await chat.getByRole('textbox').first().waitFor({ timeout: 120_000 });
      await checkScreen(page, viewport, '52-chat', { dialog: 'Messages', primary: button(chat, 'Send') });
      await closeTop(page, 'Messages');
      await closeTop(page, 'Profile');
      await closeTop(page, 'Explore');
    },
    SLOW_MS,
  );

  it(
    'the Admin Panel tabs, as the super admin',
    async () => {
      const adminPage = await freshPage(boss);
      const panel = await fromMenu(adminPage, 'Admin Panel');
      for (const [index, name] of [
        'Dashboard',
        'Withdrawals',
        'Users',
        'Support',
        'Moderation',
        'Settings',
      ].entries()) {
        await tab(panel, name).click();
        await panel.getByRole('tabpanel').first().waitFor({ timeout: WAIT_MS });
        if (name === 'Users') await panel.getByRole('table', { name: 'Users' }).waitFor({ timeout: WAIT_MS });
        if (name === 'Moderation')
          await panel.getByRole('group', { name: 'Moderation view' }).waitFor({ timeout: WAIT_MS });
        await checkScreen(adminPage, viewport, `6${index}-admin-${name.toLowerCase()}`, {
          dialog: 'Admin Panel',
        });
        if (name === 'Support') {
          const respond = await openDialog(adminPage, button(panel, 'Respond').first(), 'Respond to Ticket');
          await checkScreen(adminPage, viewport, '63-admin-respond', { dialog: 'Respond to Ticket' });
          await button(respond, 'Cancel').click();
          await respond.waitFor({ state: 'detached', timeout: WAIT_MS });
        }
      }
    },
    SLOW_MS,
  );
});
