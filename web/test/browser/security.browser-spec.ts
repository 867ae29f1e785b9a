// The app runs under the gateway's strict Content-Security-Policy (issue 18; docs/security.md): the
// landing page, the signed-in home, the coin chart, the wallet, the genie shop and the chat open in
// Chromium without a single CSP violation, and the realtime socket connects ('self' covers it).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { button, eventually, launchBrowser, newContext, registerMember, WAIT_MS } from './support/browser';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  // Every violation the page reports, recorded before any script of the app runs.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Console errors the browser itself writes about the policy (covers what the event may miss). */
function cspConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

describe('the app under its Content-Security-Policy', () => {
  it('the landing page loads its scripts, styles and fonts with no violation', async () => {
    const page = await context.newPage();
    const console = cspConsole(page);
    const answer = await page.goto('/');
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await button(page, 'Create Account').waitFor({ timeout: WAIT_MS });
    await page.evaluate(() => document.fonts.ready);
    expect(await violations(page)).toEqual([]);
    expect(console).toEqual([]);
    await page.close();
  });

  it('signed in: home, coin chart, wallet, genie shop and chat open with no violation; the socket connects', async () => {
    const member = await registerMember('csp', 'CSP Tester');
    const page = await context.newPage();
    const console = cspConsole(page);
    // socket.io's "connected" packet (40) on a websocket of the page: the handshake passed connect-src
    // and the gateway took the token from the auth payload.
    let socketConnected = false;
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) socketConnected = true;
      });
    });
    await page.goto('/');
    await page.evaluate((token) => window.localStorage.setItem('token', token), member.token);
    await page.reload();
    await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
    for (const label of ['AuraCoin Chart', 'Genie Shop', 'Messages']) {
      await page.getByRole('button', { name: label, exact: true }).first().click();
      await page.getByRole('dialog').first().waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: WAIT_MS });
    }
    await page.getByRole('button', { name: /^Wallet balance/ }).click();
    await page.getByRole('dialog', { name: 'Wallet & Payments' }).waitFor({ timeout: WAIT_MS });
    await page.keyboard.press('Escape');
    expect(await violations(page)).toEqual([]);
    expect(console).toEqual([]);
    await eventually(async () => socketConnected);
    await page.close();
  });
});
