// Taking your data with you in a real browser, against the running stack (issue 21 §5): a member with a
// post holding an uploaded photo, a mood check-in and a reflection opens Settings → Privacy → Your data
// at 1366 px, asks for an export, sees it prepared (a progress bar, the step), then "Your data is ready"
// with its size and until when it is kept; Download ZIP saves the ZIP, which holds the README, the
// profile, the post, the check-in, the reflection, the wallet history and the photo itself. The
// notification "Your data export is ready" opens Settings at Privacy. At 390 px the card fits, a second
// export lists the first under "Earlier exports", and past 3 a day the server's refusal shows in its
// words. The screens are checked (nothing sideways, axe). Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '@aura/platform/testing';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
  button,
  eventually,
  holdRequests,
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
  openProfileSettings,
  PHONE,
  saveScreenshot,
  type Viewport,
} from './support/screens';

/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
/** Media builds the ZIP in the background from every service's part. */
const BUILD_WAIT_MS = 120_000;
/** The screen checks (axe on the whole page) are slow on a busy machine. */
const SCREENS_MS = 240_000;
const READY = 'Your data is ready';
const EXPORTS_URL = /\/api\/account\/exports$/;
const NOTIFICATION_TITLE = 'Your data export is ready';
const TOO_MANY = 'You can export your data 3 times a day. Try again tomorrow.';
const READY_DETAILS = /^\d+(\.\d)? (bytes|KB|MB) · Available until \d{1,2} [A-Z][a-z]+ \d{4}$/;

const stamp = randomBytes(3).toString('hex');
const postText = `Sunrise over the bay, exported ${stamp}`;
const checkinText = `Rested and calm ${stamp}`;
const reflectionText = `Grateful for slow mornings ${stamp}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let dir: string;
let member: Member;
/** The uploaded photo's name in storage (the end of its file_url). */
let photoName: string;

/** Uploads a photo through the API (as the media uploader does) and answers its file_url. */
async function uploadPhoto(token: string): Promise<string> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8b5cf6' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'bay.jpg');
  const response = await fetch(`${BASE_URL}/api/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /media/upload answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { file_url: string }).file_url;
}

async function openSignedInAt(viewport: Viewport): Promise<Page> {
  const context = await contextAt(browser, viewport);
  contexts.push(context);
  return openSignedIn(context, member);
}

/** Settings → Privacy → Your data, scrolled to. */
async function openYourData(page: Page): Promise<Locator> {
  const card = (await openProfileSettings(page)).getByRole('region', { name: 'Your data', exact: true });
  await card.waitFor({ timeout: WAIT_MS });
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The progress while it shows: the percentage in the text is the bar's, and the step is named. */
async function expectProgress(card: Locator, bar: Locator) {
  const now = Number(await bar.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThanOrEqual(0);
  expect(now).toBeLessThanOrEqual(100);
  const text = await card.getByText(/^Preparing your data… \d{1,3}%$/).innerText();
  expect(text).toMatch(/^Preparing your data… \d{1,3}%$/);
  expect(
    await card.getByText(/^(Waiting to start|Getting started|Gathering [a-z -]+|Finishing up)$/).count(),
  ).toBe(1);
}

/** Asks for an export from the card; answers once the progress bar shows (and its screenshot is taken). */
async function exportFromCard(page: Page, viewport: Viewport, card: Locator): Promise<Locator> {
  // A small export is built in a moment: the card's reads of the list wait (unchanged, nothing mocked)
  // until the progress has been checked and shot.
  const reads = await holdRequests(page, EXPORTS_URL, 'GET');
  try {
    const answer = page.waitForResponse(
      (response) => EXPORTS_URL.test(response.url()) && response.request().method() === 'POST',
    );
    await button(card, 'Export my data').click();
    expect((await answer).status()).toBe(202);
    const bar = card.getByRole('progressbar', { name: 'Data export progress' });
    await bar.waitFor({ timeout: WAIT_MS });
    await expectProgress(card, bar);
    // One at a time: no second request while it is prepared.
    expect(await button(card, 'Export my data').count()).toBe(0);
    await bar.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'data-export-progress', viewport);
    return bar;
  } finally {
    await reads.release();
  }
}

async function waitUntilReady(card: Locator) {
  await card.getByText(READY, { exact: true }).waitFor({ timeout: BUILD_WAIT_MS });
  await card.getByRole('progressbar').waitFor({ state: 'detached', timeout: WAIT_MS });
}

async function closeDialog(page: Page, name: string) {
  const dialog = dialogNamed(page, name);
  await button(dialog, 'Close').click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

/** The element lies within the dialog's scrolling body, as shown now. */
async function shownInDialog(page: Page, dialogName: string, element: Locator): Promise<boolean> {
  const body = await dialogNamed(page, dialogName).locator('[data-dialog-body]').boundingBox();
  const box = await element.boundingBox();
  if (!body || !box) return false;
  return box.y >= body.y - 1 && box.y + Math.min(box.height, 40) <= body.y + body.height + 1;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aura-data-export-'));
  browser = await launchBrowser();
  member = await registerMember('dx', 'Dana Export');
  const fileUrl = await uploadPhoto(member.token);
  photoName = fileUrl.split('/').pop()!;
  // Social learns of the member by event: the post is refused until then.
  await eventually(
    async () => (
      await apiCall('POST', '/posts', {
        token: member.token,
        body: { content: postText, category: 'general', media_url: fileUrl },
      }),
      true
    ),
    PROJECTION_WAIT_MS,
  );
  await apiCall('POST', '/profile/mood-checkin', {
    token: member.token,
    body: { mood: 'happy', mood_description: checkinText, energy_level: 7 },
  });
  await apiCall('POST', '/reflections', {
    token: member.token,
    body: { content: reflectionText, mood: 'positive' },
  });
}, PROJECTION_WAIT_MS + 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`at ${DESKTOP.width} px`, () => {
  let page: Page;

  beforeAll(async () => {
    page = await openSignedInAt(DESKTOP);
  });

  it(
    'exports the data in the background, then downloads the ZIP and holds everything in it',
    async () => {
      const card = await openYourData(page);
      expect(await textOf(card)).toContain('as JSON and CSV in one ZIP');
      // Nothing asked yet: no progress, no download.
      await button(card, 'Export my data').waitFor({ timeout: WAIT_MS });
      expect(await button(card, 'Download ZIP').count()).toBe(0);
      await checkScreen(page, DESKTOP, 'data-export-card', {
        dialog: 'Your Profile',
        primary: button(card, 'Export my data'),
      });

      let polls = 0;
      page.on('request', (request) => {
        if (request.method() === 'GET' && EXPORTS_URL.test(request.url())) polls += 1;
      });
      await exportFromCard(page, DESKTOP, card);
      await expectNoSidewaysOverflow(page, 'Your Profile');

      await waitUntilReady(card);
      expect(polls).toBeGreaterThan(0);
      const details = await textOf(card.getByText(READY_DETAILS));
      expect(details).toMatch(READY_DETAILS);
      // Ready: the card stops asking.
      const pollsWhenReady = polls;
      await page.waitForTimeout(4_000);
      expect(polls).toBe(pollsWhenReady);
      await button(card, 'Download ZIP').scrollIntoViewIfNeeded();
      await checkScreen(page, DESKTOP, 'data-export-ready', {
        dialog: 'Your Profile',
        primary: button(card, 'Download ZIP'),
      });

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: WAIT_MS }),
        button(card, 'Download ZIP').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^aura-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const path = join(dir, download.suggestedFilename());
      await download.saveAs(path);
      expect(await download.failure()).toBeNull();
      await button(card, 'Download ZIP').and(page.locator(':enabled')).waitFor({ timeout: WAIT_MS });
      expect(await card.getByRole('alert').count()).toBe(0);

      const zip = await readZip(path);
      const json = <T>(name: string): T => {
        const bytes = zip.get(name);
        if (!bytes) throw new Error(`${name} is not in the ZIP (${[...zip.keys()].join(', ')})`);
        return JSON.parse(bytes.toString('utf8')) as T;
      };
      const text = (name: string) => zip.get(name)?.toString('utf8') ?? '';
      expect(text('README.txt')).toContain('Your Aura data');
      for (const part of [
        'profile',
        'posts',
        'comments',
        'stories',
        'following',
        'conversations',
        'messages',
        'check-ins',
        'reflections',
        'wallet-history',
        'media',
      ]) {
        expect([part, zip.has(`${part}.json`), zip.has(`${part}.csv`)]).toEqual([part, true, true]);
      }
      const profile = json<{ username: string }[] | { username: string }>('profile.json');
      expect((Array.isArray(profile) ? profile : [profile]).map((p) => p.username)).toEqual([
        member.username,
      ]);
      expect(text('posts.json')).toContain(postText);
      const postsHeader = text('posts.csv').split(/\r?\n/)[0]!.split(',');
      expect(postsHeader).toContain('content');
      expect(text('posts.csv')).toContain(postText);
      const checkIns = json<{ mood_description?: string }[]>('check-ins.json');
      expect(checkIns).toHaveLength(1);
      expect(JSON.stringify(checkIns[0])).toContain(checkinText);
      const reflections = json<unknown[]>('reflections.json');
      expect(reflections).toHaveLength(1);
      expect(JSON.stringify(reflections[0])).toContain(reflectionText);
      expect(zip.has('wallet-history.csv')).toBe(true);

      const media = json<{ file: string | null; file_type: string; size: number }[]>('media.json');
      const photo = media.find((item) => item.file?.endsWith(`/${photoName}`));
      expect(photo).toEqual(expect.objectContaining({ file_type: 'image' }));
      expect(photo!.file).toMatch(/^media\/[^/]+\/[^/]+$/);
      expect(zip.get(photo!.file!)?.length ?? 0).toBeGreaterThan(0);
    },
    BUILD_WAIT_MS + SCREENS_MS,
  );

  it(
    'tells the member it is ready; the notification opens Settings at Privacy',
    async () => {
      await eventually(async () => {
        const list = await apiCall<{ title: string }[]>('GET', '/notifications?limit=20', {
          token: member.token,
        });
        return list.some((item) => item.title === NOTIFICATION_TITLE);
      }, 60_000);
      await closeDialog(page, 'Your Profile');
      await button(page, 'Notifications').click();
      const center = dialogNamed(page, 'Notifications');
      const item = center.locator('li[data-type="system"]').filter({ hasText: NOTIFICATION_TITLE });
      await item.waitFor({ timeout: WAIT_MS });
      expect(await textOf(item)).toMatch(
        /Your Aura data is ready to download from Settings → Privacy until .*\d{4}\./,
      );
      await checkScreen(page, DESKTOP, 'data-export-notification', { dialog: 'Notifications' });

      await item.getByRole('button').click();
      const profile = dialogNamed(page, 'Your Profile');
      await profile.getByRole('tab', { name: 'Settings', exact: true, selected: true }).waitFor({
        timeout: WAIT_MS,
      });
      const privacy = profile.getByRole('heading', { name: 'Privacy', exact: true });
      const card = profile.getByRole('region', { name: 'Your data', exact: true });
      await card.getByText(READY, { exact: true }).waitFor({ timeout: WAIT_MS });
      // Once the cards above have loaded, Privacy is still the part shown.
      await page.waitForTimeout(1_500);
      await eventually(() => shownInDialog(page, 'Your Profile', privacy));
      expect(await privacy.evaluate((element) => element === document.activeElement)).toBe(true);
      await saveScreenshot(page, 'data-export-from-notification', DESKTOP);
      // Opened, so read.
      await eventually(async () => {
        const list = await apiCall<{ title: string; is_read: boolean }[]>('GET', '/notifications?limit=20', {
          token: member.token,
        });
        return list.some((entry) => entry.title === NOTIFICATION_TITLE && entry.is_read);
      });
    },
    SCREENS_MS,
  );
});

describe(`at ${PHONE.width} px`, () => {
  let page: Page;

  beforeAll(async () => {
    page = await openSignedInAt(PHONE);
  });

  it(
    'fits the phone; a second export lists the first, and past 3 a day the refusal is the server’s',
    async () => {
      const card = await openYourData(page);
      await card.getByText(READY, { exact: true }).waitFor({ timeout: WAIT_MS });
      await button(card, 'Download ZIP').scrollIntoViewIfNeeded();
      await checkScreen(page, PHONE, 'data-export-ready', {
        dialog: 'Your Profile',
        primary: button(card, 'Download ZIP'),
      });

      await exportFromCard(page, PHONE, card);
      await expectNoSidewaysOverflow(page, 'Your Profile');
      await waitUntilReady(card);

      const earlier = card.getByRole('list', { name: 'Earlier exports' }).getByRole('listitem');
      expect(await earlier.count()).toBe(1);
      expect(await textOf(earlier.first())).toMatch(
        /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} Ready · .+ Download$/,
      );
      await earlier.first().scrollIntoViewIfNeeded();
      await checkScreen(page, PHONE, 'data-export-earlier', {
        dialog: 'Your Profile',
        primary: button(card, 'Download ZIP'),
      });

      // A third through the API (allowed), then the fourth is refused in the server's words.
      await apiCall('POST', '/account/exports', { token: member.token });
      await eventually(async () => {
        const { exports } = await apiCall<{ exports: { status: string }[] }>('GET', '/account/exports', {
          token: member.token,
        });
        return exports[0]?.status === 'ready';
      }, BUILD_WAIT_MS);
      await page.reload();
      const again = await openYourData(page);
      await again.getByText(READY, { exact: true }).waitFor({ timeout: WAIT_MS });
      await button(again, 'Export my data').click();
      expect(await textOf(again.getByRole('alert'))).toBe(TOO_MANY);
      expect(await again.getByRole('progressbar').count()).toBe(0);
      await again.getByRole('alert').scrollIntoViewIfNeeded();
      await checkScreen(page, PHONE, 'data-export-refused', {
        dialog: 'Your Profile',
        primary: button(again, 'Download ZIP'),
      });
    },
    3 * BUILD_WAIT_MS + SCREENS_MS,
  );
});
