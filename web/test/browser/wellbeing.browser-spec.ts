// Wellbeing on the own profile in a real browser (issue 23 item 6, docs/wellbeing.md), at 1366 px and at
// 390 px: a member who checked in (happy) and reflected today through the API opens Your Profile →
// Reflection and sees the gentle streaks ("1-day check-in streak"), the month's mood calendar with today
// marked and coloured (previous month: today gone; no month after the current one), the 30/90-day mood and
// energy chart, and downloads the CSV of their check-ins and reflections. A member with nothing yet sees
// no streak and the chart's empty state; a failed calendar read says so and Try again loads it. The
// screens are checked (nothing sideways, axe).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  button,
  eventually,
  launchBrowser,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';
import { checkScreen, contextAt, DESKTOP, PHONE, type Viewport } from './support/screens';

/** The screen checks (axe on the whole page) are slow on a busy machine. */
const SCREENS_MS = 240_000;
/** A read that fails with a 5xx is tried 3 more times (1 s, 2 s, 4 s) before the error shows. */
const RETRIES_MS = 30_000;
const PROFILE = 'Your Profile';
const CSV_HEADER = 'type,created_at,mood,energy_level,text,category,id';

const now = new Date();
const today = now.toISOString().slice(0, 10);
const monthName = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const todayName = now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const previousMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));

let browser: Browser;
const contexts: BrowserContext[] = [];
let dir: string;
let member: Member;
let newcomer: Member;

async function openAt(viewport: Viewport, who: Member): Promise<Page> {
  const context = await contextAt(browser, viewport);
  contexts.push(context);
  return openSignedIn(context, who);
}

/** Your Profile → Reflection → its Wellbeing part. */
async function openWellbeing(page: Page): Promise<Locator> {
  await button(page, 'Open profile menu').click();
  await button(page, PROFILE).click();
  const profile = page.getByRole('dialog', { name: PROFILE, exact: true });
  await profile.waitFor({ timeout: WAIT_MS });
  await profile.getByRole('tab', { name: 'Reflection', exact: true }).click();
  const wellbeing = profile.getByRole('region', { name: 'Wellbeing', exact: true });
  await wellbeing.waitFor({ timeout: WAIT_MS });
  return wellbeing;
}

const calendarOf = (wellbeing: Locator) => wellbeing.getByRole('table', { name: 'Mood calendar' });
const todayCell = (wellbeing: Locator) =>
  calendarOf(wellbeing).getByRole('img', { name: new RegExp(`^Today, ${todayName}:`) });

async function expectFilled(page: Page, wellbeing: Locator, viewport: Viewport) {
  const streaks = wellbeing.getByRole('list', { name: 'Streaks' });
  await streaks.waitFor({ timeout: WAIT_MS });
  expect(await streaks.getByRole('listitem').allInnerTexts()).toEqual([
    '1-day check-in streak',
    '1-day reflection streak',
  ]);

  await calendarOf(wellbeing).waitFor({ timeout: WAIT_MS });
  expect(await textOf(wellbeing)).toContain(monthName(now));
  const cell = todayCell(wellbeing);
  expect(await cell.getAttribute('aria-label')).toBe(`Today, ${todayName}: Happy, 1 reflection`);
  expect(await cell.getAttribute('data-mood')).toBe('happy');
  expect(await button(wellbeing, 'Next month').isDisabled()).toBe(true);

  const chart = wellbeing.getByRole('img', { name: 'Mood and energy' });
  await chart.waitFor({ timeout: WAIT_MS });
  expect(await textOf(wellbeing)).toContain('1 of the last 30 days with a check-in');
  expect(await chart.locator('path[data-series="mood"]').getAttribute('d')).toMatch(/^M/);

  await checkScreen(page, viewport, 'wellbeing', {
    dialog: PROFILE,
    primary: button(wellbeing, 'Download CSV'),
  });

  await button(wellbeing, '90 days').click();
  await wellbeing.getByText('1 of the last 90 days with a check-in').waitFor({ timeout: WAIT_MS });
  expect(await button(wellbeing, '90 days').getAttribute('aria-pressed')).toBe('true');

  await button(wellbeing, 'Previous month').click();
  await wellbeing.getByText(monthName(previousMonth), { exact: true }).waitFor({ timeout: WAIT_MS });
  await calendarOf(wellbeing).waitFor({ timeout: WAIT_MS });
  expect(await todayCell(wellbeing).count()).toBe(0);
  expect(await calendarOf(wellbeing).locator('[data-mood]').count()).toBe(0);
  await button(wellbeing, 'Next month').click();
  await todayCell(wellbeing).waitFor({ timeout: WAIT_MS });
}

async function expectDownload(page: Page, wellbeing: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: WAIT_MS }),
    button(wellbeing, 'Download CSV').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`aura-wellness-${today}.csv`);
  const path = join(dir, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const lines = readFileSync(path, 'utf8').split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines[1]).toMatch(/^reflection,[^,]+,positive,,A quiet evening by the sea,general,/);
  expect(lines[2]).toMatch(/^check_in,[^,]+,happy,8,Morning walk,,/);
  expect(lines).toHaveLength(4);
  expect(await wellbeing.getByRole('alert').count()).toBe(0);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aura-wellbeing-'));
  browser = await launchBrowser();
  [member, newcomer] = await Promise.all([
    registerMember('wbm', 'Willa Wellbeing'),
    registerMember('wbn', 'Nico Newcomer'),
  ]);
  await apiCall('POST', '/profile/mood-checkin', {
    token: member.token,
    body: { mood: 'happy', mood_description: 'Morning walk', energy_level: 8 },
  });
  await apiCall('POST', '/reflections', {
    token: member.token,
    body: { content: 'A quiet evening by the sea', mood: 'positive' },
  });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each([DESKTOP, PHONE])('wellbeing at $width px (issue 23 item 6)', (viewport) => {
  it(
    'shows the streaks, the mood calendar and the chart, and downloads the CSV',
    async () => {
      const page = await openAt(viewport, member);
      const wellbeing = await openWellbeing(page);
      await expectFilled(page, wellbeing, viewport);
      await expectDownload(page, wellbeing);
    },
    SCREENS_MS,
  );

  it(
    'shows no streak and an empty chart to a member with nothing yet',
    async () => {
      const page = await openAt(viewport, newcomer);
      const wellbeing = await openWellbeing(page);
      await wellbeing.getByText('No check-ins in the last 30 days').waitFor({ timeout: WAIT_MS });
      await calendarOf(wellbeing).waitFor({ timeout: WAIT_MS });
      expect(await wellbeing.getByRole('list', { name: 'Streaks' }).count()).toBe(0);
      expect(await calendarOf(wellbeing).locator('[data-mood]').count()).toBe(0);
      expect(await todayCell(wellbeing).getAttribute('aria-label')).toBe(`Today, ${todayName}: no check-in`);
      await checkScreen(page, viewport, 'wellbeing-empty', { dialog: PROFILE });
    },
    SCREENS_MS,
  );

  it(
    'turns the check-in reminder on at a chosen time of the member’s day, and off',
    async () => {
      const who = await registerMember('remind', 'Rae Reminder');
      const page = await openAt(viewport, who);
      const wellbeing = await openWellbeing(page);
      const remind = wellbeing.getByRole('switch', { name: 'Remind me to check in' });
      await remind.waitFor({ timeout: WAIT_MS });
      expect(await remind.getAttribute('aria-checked')).toBe('false');
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const saved = () =>
        apiCall<{ wellbeing_reminder: { time: string; time_zone: string } | null }>(
          'GET',
          '/notifications/settings',
          { token: who.token },
        );
      await remind.click();
      await eventually(async () => (await saved()).wellbeing_reminder?.time === '20:00');
      expect((await saved()).wellbeing_reminder?.time_zone).toBe(zone);
      const time = wellbeing.getByLabel('Time', { exact: true });
      await time.fill('07:45');
      await time.blur();
      await eventually(async () => (await saved()).wellbeing_reminder?.time === '07:45');
      await checkScreen(page, viewport, 'wellbeing-reminder', { dialog: PROFILE });
      await remind.click();
      await eventually(async () => (await saved()).wellbeing_reminder === null);
      await time.waitFor({ state: 'detached', timeout: WAIT_MS });
    },
    SCREENS_MS,
  );
});

describe(`a failed read at ${DESKTOP.width} px`, () => {
  it(
    'says the calendar could not be loaded, and Try again loads it',
    async () => {
      const page = await openAt(DESKTOP, member);
      const failing = (url: URL) => url.pathname === '/api/profile/wellness/calendar';
      await page.route(failing, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Unavailable"}' }),
      );
      const wellbeing = await openWellbeing(page);
      try {
        await wellbeing
          .getByRole('alert')
          .getByText('Could not load the mood calendar.')
          .waitFor({ timeout: RETRIES_MS });
      } finally {
        await page.unroute(failing);
      }
      await button(wellbeing, 'Try again').click();
      await todayCell(wellbeing).waitFor({ timeout: WAIT_MS });
    },
    SCREENS_MS,
  );
});
