// Monthly statements in a real browser, against the running stack (issue 23 §8): a member funded with
// genie earnings who tipped a friend (both through the API) opens Wallet → Statements at 1366 px and at
// 390 px and sees the current month's summary — opening balance, money in, money out, and a closing
// balance "so far" equal to the wallet balance the dialog shows, with the USD beside each and the number
// of movements — picks the previous month (no movements; the balances still shown), and downloads the
// statement as CSV (its header row; the opening balance first and the closing balance last) and as PDF.
// At 1366 px a failed read shows Try again, and a failed download says so where it happened. The screens
// are checked (nothing sideways, the downloads in reach, axe).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { closeEarnings, earn } from '@aura/platform/testing';
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
import {
  checkScreen,
  contextAt,
  DESKTOP,
  dialogNamed,
  expectNoSidewaysOverflow,
  PHONE,
  type Viewport,
} from './support/screens';

/** The screen checks (axe on the whole page) are slow on a busy machine. */
const SCREENS_MS = 240_000;
/** A read that fails with a 5xx is tried 3 more times (1 s, 2 s, 4 s) before the error shows. */
const RETRIES_MS = 30_000;
const WALLET = 'Wallet & Payments';
const CSV_HEADER = 'date,description,type,counterparty,memo,amount_ac,balance_ac,price_usd,amount_usd';
const STATEMENTS_URL = /\/api\/wallet\/statements\/\d{4}-\d{2}(\/(csv|pdf))?$/;

interface StatementAnswer {
  month: string;
  in_progress: boolean;
  opening_balance: number;
  opening_balance_micro: number;
  closing_balance: number;
  closing_balance_micro: number;
  total_in: number;
  total_out: number;
  total_in_usd: number;
  total_out_usd: number;
  opening_balance_usd: number;
  closing_balance_usd: number;
  lines: { amount: number; description: string }[];
}

interface WalletAnswer {
  aura_coin_balance: number;
  aura_coin_balance_micro: number;
}

/** "YYYY-MM" of the UTC month `back` months before the current one. */
function monthBack(back: number): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 7);
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** AC as the wallet shows it: 3 decimals, truncated. */
const ac = (micro: number) => `${(Math.trunc(micro / 1_000) / 1_000).toFixed(3)} AC`;

/** One RFC 4180 CSV text as rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let dir: string;
let member: Member;
let friend: Member;

const statementOf = (month: string) =>
  apiCall<StatementAnswer>('GET', `/wallet/statements/${month}`, { token: member.token });

async function openSignedInAt(viewport: Viewport): Promise<Page> {
  const context = await contextAt(browser, viewport);
  contexts.push(context);
  return openSignedIn(context, member);
}

/** Wallet & Payments from the menu (there at every screen size) → its Statements, scrolled to. */
async function openStatements(page: Page): Promise<Locator> {
  const wallet = dialogNamed(page, WALLET);
  if (!(await wallet.isVisible())) {
    await button(page, 'Open menu').click();
    await page.getByRole('button', { name: WALLET, exact: true }).click();
  }
  await wallet.waitFor({ timeout: WAIT_MS });
  const section = wallet.getByRole('region', { name: 'Statements', exact: true });
  await section.waitFor({ timeout: WAIT_MS });
  await section.scrollIntoViewIfNeeded();
  return section;
}

const summaryOf = (section: Locator, month: string) =>
  section.getByRole('region', { name: `Statement for ${monthName(month)}`, exact: true });

/** The current month's summary holds the member's figures; the closing is the balance shown above. */
async function expectCurrentMonth(page: Page, section: Locator) {
  const month = monthBack(0);
  const monthSelect = section.getByLabel('Month', { exact: true });
  expect(await monthSelect.inputValue()).toBe(month);
  // The current month and the 11 before it, newest first, in words.
  const options = await monthSelect.locator('option').allInnerTexts();
  expect(options).toEqual(Array.from({ length: 12 }, (_, back) => monthName(monthBack(back))));

  const expected = await statementOf(month);
  const wallet = await apiCall<WalletAnswer>('GET', '/wallet', { token: member.token });
  expect(expected.in_progress).toBe(true);
  expect(expected.closing_balance_micro).toBe(wallet.aura_coin_balance_micro);

  const summary = summaryOf(section, month);
  await summary.waitFor({ timeout: WAIT_MS });
  const figure = (id: string) => summary.getByTestId(id);
  expect(await textOf(figure('statement-opening'))).toBe(ac(expected.opening_balance_micro));
  expect(await textOf(figure('statement-in'))).toBe('+12.500 AC');
  expect(await textOf(figure('statement-out'))).toBe('-2.250 AC');
  expect(await textOf(figure('statement-closing'))).toBe(ac(expected.closing_balance_micro));
  // The closing balance "so far" is the wallet balance the dialog shows.
  const shown = await textOf(dialogNamed(page, WALLET).getByTestId('wallet-balance'));
  expect(shown).toBe(ac(wallet.aura_coin_balance_micro));
  expect(await textOf(figure('statement-closing'))).toBe(shown);
  expect(await textOf(summary)).toContain('Closing balance (so far)');
  expect(await textOf(summary.getByTestId('statement-movements'))).toBe(
    `${expected.lines.length} movements so far`,
  );
  // The USD beside each, with the app's 3 decimals.
  expect(await textOf(summary)).toContain(`≈ $${expected.closing_balance_usd.toFixed(3)} USD`);
  expect(await textOf(summary)).toContain(`≈ +$${expected.total_in_usd.toFixed(3)} USD`);
  expect(await textOf(summary)).toContain(`≈ -$${Math.abs(expected.total_out_usd).toFixed(3)} USD`);
}

/** The previous month: nothing happened then (the member is new); opening and closing still shown. */
async function expectPreviousMonthEmpty(section: Locator) {
  const month = monthBack(1);
  await section.getByLabel('Month', { exact: true }).selectOption(month);
  const summary = summaryOf(section, month);
  await summary.waitFor({ timeout: WAIT_MS });
  expect(await textOf(summary.getByTestId('statement-movements'))).toBe(
    `No movements in ${monthName(month)}`,
  );
  expect(await textOf(summary.getByTestId('statement-opening'))).toBe('0.000 AC');
  expect(await textOf(summary.getByTestId('statement-closing'))).toBe('0.000 AC');
  expect(await summary.getByTestId('statement-in').count()).toBe(0);
  // Over: the closing balance is no longer "so far".
  expect(await textOf(summary)).not.toContain('so far');
  expect(await textOf(summary)).toContain('Closing balance');
}

/** Clicks a download button and answers the saved file's path and name. */
async function downloadFrom(page: Page, section: Locator, label: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: WAIT_MS }),
    button(section, label).click(),
  ]);
  const name = download.suggestedFilename();
  const path = join(dir, `${Date.now()}-${name}`);
  await download.saveAs(path);
  expect(await download.failure()).toBeNull();
  // Ready for another once saved.
  await button(section, label).and(page.locator(':enabled')).waitFor({ timeout: WAIT_MS });
  expect(await section.getByRole('alert').count()).toBe(0);
  return { name, path };
}

/** The current month's CSV and PDF, as the server names them. */
async function expectDownloads(page: Page, section: Locator) {
  const month = monthBack(0);
  await section.getByLabel('Month', { exact: true }).selectOption(month);
  await summaryOf(section, month).waitFor({ timeout: WAIT_MS });

  const csv = await downloadFrom(page, section, 'Download CSV');
  expect(csv.name).toBe(`aura-statement-${month}.csv`);
  const rows = parseCsv(readFileSync(csv.path, 'utf8'));
  const expected = await statementOf(month);
  expect(rows[0]!.join(',')).toBe(CSV_HEADER);
  // Opening balance, each movement, closing balance.
  expect(rows).toHaveLength(expected.lines.length + 3);
  const column = (name: string) => CSV_HEADER.split(',').indexOf(name);
  const opening = rows[1]!;
  expect(opening[column('description')]).toBe('Opening balance');
  expect(opening[column('balance_ac')]).toBe((expected.opening_balance_micro / 1e6).toFixed(6));
  const closing = rows[rows.length - 1]!;
  expect(closing[column('description')]).toBe('Closing balance (so far)');
  expect(closing[column('type')]).toBe('balance');
  expect(closing[column('balance_ac')]).toBe((expected.closing_balance_micro / 1e6).toFixed(6));
  expect(rows.map((row) => row[column('amount_ac')]).slice(2, -1)).toEqual(['12.500000', '-2.250000']);

  const pdf = await downloadFrom(page, section, 'Download PDF');
  expect(pdf.name).toBe(`aura-statement-${month}.pdf`);
  const bytes = readFileSync(pdf.path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(500);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aura-statements-'));
  browser = await launchBrowser();
  [member, friend] = await Promise.all([
    registerMember('stm', 'Stella Statement'),
    registerMember('stf', 'Finn Friend'),
  ]);
  // 12.5 AC in (genie earnings), then 2.25 AC out (a tip): the month's two movements.
  await earn(member.id, 12.5);
  await eventually(async () => {
    await apiCall('POST', '/tips/send', {
      token: member.token,
      body: { recipient_id: friend.id, amount: '2.25', currency: 'AC', message: 'For the tea, with thanks' },
    });
    return true;
  });
}, 120_000);

afterAll(async () => {
  closeEarnings();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`statements at ${DESKTOP.width} px (issue 23 §8)`, () => {
  let page: Page;
  let section: Locator;

  beforeAll(async () => {
    page = await openSignedInAt(DESKTOP);
    section = await openStatements(page);
  }, 120_000);

  it(
    "shows the current month's summary: the closing balance so far is the wallet's",
    async () => {
      await expectCurrentMonth(page, section);
      await checkScreen(page, DESKTOP, 'statements-summary', {
        dialog: WALLET,
        primary: button(section, 'Download PDF'),
      });
    },
    SCREENS_MS,
  );

  it(
    'shows the previous month with no movements, its balances still there',
    async () => {
      await expectPreviousMonthEmpty(section);
      await checkScreen(page, DESKTOP, 'statements-empty', { dialog: WALLET });
    },
    SCREENS_MS,
  );

  it('downloads the month as CSV and as PDF', async () => {
    await expectDownloads(page, section);
  }, 120_000);

  it(
    'says when the statement could not be loaded, and Try again loads it',
    async () => {
      const month = monthBack(2);
      const failing = (url: URL) => url.pathname === `/api/wallet/statements/${month}`;
      await page.route(failing, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Unavailable"}' }),
      );
      try {
        await section.getByLabel('Month', { exact: true }).selectOption(month);
        const alert = section.getByRole('alert');
        await alert.getByText('The statement could not be loaded.').waitFor({ timeout: RETRIES_MS });
        await alert.scrollIntoViewIfNeeded();
        await checkScreen(page, DESKTOP, 'statements-error', { dialog: WALLET });
      } finally {
        await page.unroute(failing);
      }
      await button(section, 'Try again').click();
      const summary = summaryOf(section, month);
      await summary.waitFor({ timeout: WAIT_MS });
      expect(await textOf(summary.getByTestId('statement-movements'))).toBe(
        `No movements in ${monthName(month)}`,
      );
    },
    SCREENS_MS,
  );

  it('says where it happened when a download fails, and the next one works', async () => {
    const failing = (url: URL) => url.pathname.endsWith('/csv') && STATEMENTS_URL.test(url.pathname);
    await page.route(failing, (route) => route.fulfill({ status: 503, body: '' }));
    try {
      await button(section, 'Download CSV').click();
      expect(await textOf(section.getByRole('alert'))).toBe(
        'The statement could not be downloaded. Please try again.',
      );
    } finally {
      await page.unroute(failing);
    }
    const csv = await downloadFrom(page, section, 'Download CSV');
    expect(csv.name).toMatch(/^aura-statement-\d{4}-\d{2}\.csv$/);
  }, 120_000);
});

describe(`statements at ${PHONE.width} px (issue 23 §8)`, () => {
  let page: Page;
  let section: Locator;

  beforeAll(async () => {
    page = await openSignedInAt(PHONE);
    section = await openStatements(page);
  }, 120_000);

  it(
    "fits the phone: the current month's summary, the previous month empty, both downloads",
    async () => {
      await expectCurrentMonth(page, section);
      await checkScreen(page, PHONE, 'statements-summary', {
        dialog: WALLET,
        primary: button(section, 'Download CSV'),
      });
      // Touch targets: the month picker and the downloads are at least 44 px high.
      for (const control of [
        section.getByLabel('Month', { exact: true }),
        button(section, 'Download CSV'),
        button(section, 'Download PDF'),
      ])
        expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      await expectPreviousMonthEmpty(section);
      await expectNoSidewaysOverflow(page, WALLET);
      await checkScreen(page, PHONE, 'statements-empty', {
        dialog: WALLET,
        primary: button(section, 'Download PDF'),
      });

      await expectDownloads(page, section);
      await expectNoSidewaysOverflow(page, WALLET);
    },
    SCREENS_MS + 120_000,
  );
});
