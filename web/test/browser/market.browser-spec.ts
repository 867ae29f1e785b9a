// The coin market chart in a real browser, against the running stack (gateway serving web/dist, the
// economy service behind it): open it from the header, see the live price and market figures, the
// 24H line by default, and switch between 1H, 7D and 30D — each range fetching its own history.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';

let browser: Browser;
let context: BrowserContext;
let member: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  member = await registerMember('chart', 'Chart Watcher');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'AuraCoin Chart', exact: true });
const rangeTab = (page: Page, name: string) => dialog(page).getByRole('tab', { name, exact: true });

const historyAnswer = (page: Page, hours: number) =>
  page.waitForResponse(
    (response: Response) =>
      response.url().includes('/api/auracoin/price/history') &&
      new URL(response.url()).searchParams.get('hours') === String(hours),
    { timeout: WAIT_MS },
  );

/** The chart shows the range's history: the frame names its hours and the line has points. */
async function expectChartOf(page: Page, hours: number) {
  const frame = dialog(page).locator(`[data-range="${hours}"]`);
  await frame.waitFor({ state: 'visible', timeout: WAIT_MS });
  const chart = frame.getByTestId('coin-price-chart');
  await page.waitForFunction(
    (element) => Number(element?.getAttribute('data-points')) > 0,
    await chart.elementHandle(),
    { timeout: WAIT_MS },
  );
  // lightweight-charts draws on canvases inside the container.
  expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
}

it('opens the coin chart from the header and switches ranges', async () => {
  const page = await openSignedIn(context, member);
  const firstHistory = historyAnswer(page, 24);
  await page
    .getByRole('navigation', { name: 'Quick actions' })
    .getByRole('button', { name: 'AuraCoin Chart', exact: true })
    .click();
  await dialog(page).waitFor({ state: 'visible', timeout: WAIT_MS });

  // The live price and the market figures (spec 001 §3).
  expect(await textOf(dialog(page).getByTestId('coin-price'))).toMatch(/^\$\d+\.\d{3} \/ AC$/);
  for (const label of ['Market Cap', '24h Volume', 'Active Users (24h)', 'Total Users', 'Engagements (24h)'])
    await dialog(page).getByText(label, { exact: true }).waitFor({ timeout: WAIT_MS });

  // 24H by default.
  expect((await firstHistory).status()).toBe(200);
  expect(await rangeTab(page, '24H').getAttribute('aria-selected')).toBe('true');
  await expectChartOf(page, 24);

  for (const [name, hours] of [
    ['7D', 168],
    ['1H', 1],
    ['30D', 720],
  ] as const) {
    const answer = historyAnswer(page, hours);
    await rangeTab(page, name).click();
    expect((await answer).status()).toBe(200);
    expect(await rangeTab(page, name).getAttribute('aria-selected')).toBe('true');
    expect(await rangeTab(page, '24H').getAttribute('aria-selected')).toBe('false');
    await expectChartOf(page, hours);
  }

  // Back to 24H (answered from the cache at once, then refreshed).
  await rangeTab(page, '24H').click();
  await expectChartOf(page, 24);
  await page.close();
}, 120_000);
