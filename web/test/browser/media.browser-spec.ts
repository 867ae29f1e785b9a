// Profile media in a real browser against the running stack (no mocked routes): the own-profile
// dialog's Settings upload a profile picture and a banner (spec 000 §2 "Own-profile dialog", §4
// "Profile picture upload", "Banner upload", "Banner display"), and they show in the profile header;
// a file that is not an image is refused with the spec's messages (§5, §8). In the create dialog the
// media uploader attaches a photo to a post (spec 001 §2) and refuses bytes that are not media; a post
// whose media cannot be loaded shows 'Media temporarily unavailable' with Retry (spec 000 §4). Test
// images are made here with sharp.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  BASE_URL,
  WAIT_MS,
  apiCall,
  button,
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  textOf,
  type Member,
} from './support/browser';

const NOT_IMAGE = 'Please select an image file';
const TOO_LARGE = 'Image too large. Maximum size is 5MB';
const BANNER_UPDATED = 'Banner updated successfully!';
const UPLOAD_FAILED = 'Failed to upload media. Please try again.';
const UNAVAILABLE = 'Media temporarily unavailable';
const MICROPHONE = 'Unable to access microphone. Please check permissions.';
const stamp = randomBytes(3).toString('hex');

interface Me {
  profile_picture: string;
  banner_image: string;
}

/** Polls until `read` gives a value (identity updates the member from media's event, a moment later). */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GET of a served media URL: status and content type. */
async function fetchMedia(src: string) {
  const response = await fetch(new URL(src, BASE_URL));
  await response.arrayBuffer();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '' };
}

/** True once the <img> has loaded and decoded a picture. */
const imageLoaded = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function showFeed(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

async function openCreate(page: Page): Promise<Locator> {
  await button(page, 'Create').click();
  const create = page.getByRole('dialog', { name: 'Create', exact: true });
  await create.waitFor({ timeout: WAIT_MS });
  return create;
}

async function openOwnProfile(page: Page): Promise<Locator> {
  await button(page, 'Open profile menu').click();
  await button(page, 'Your Profile').click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await dialog.waitFor({ timeout: WAIT_MS });
  return dialog;
}

describe('profile picture and banner in the browser (spec 000 §2, §4, §5, §8)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: Member;
  let dir: string;
  let picturePath: string;
  let bannerPath: string;
  let photoPath: string;
  let pictureUrl: string;
  let bannerUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aura-media-browser-'));
    picturePath = join(dir, 'avatar.png');
    bannerPath = join(dir, 'banner.jpg');
    await sharp({ create: { width: 320, height: 320, channels: 3, background: '#8b5cf6' } })
      .composite([
        {
          input: await sharp({
            create: { width: 160, height: 160, channels: 3, background: '#2dd4bf' },
          })
            .png()
            .toBuffer(),
          left: 80,
          top: 80,
        },
      ])
      .png()
      .toFile(picturePath);
    await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#312e81' } })
      .jpeg({ quality: 85 })
      .toFile(bannerPath);
    photoPath = join(dir, 'sunrise.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f59e0b' } })
      .jpeg({ quality: 85 })
      .toFile(photoPath);

    browser = await launchBrowser();
    context = await newContext(browser);
    member = await registerMember('media', 'Media Tester');
    page = await openSignedIn(context, member);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the own profile with its header and the Settings section', async () => {
    const dialog = await openOwnProfile(page);
    const header = dialog.getByRole('region', { name: 'Profile header' });
    expect(await textOf(header)).toContain(`@${member.username}`);
    expect(await textOf(header)).toContain('Media Tester');
    // No banner yet: the aura gradient with its text alternative.
    await header.getByRole('img', { name: 'No banner image' }).waitFor({ timeout: WAIT_MS });

    const tabs = dialog.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(expect.arrayContaining(['Wallet', 'Upgrade', 'Settings']));
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Settings', exact: true }).click();
    expect(await tabs.last().getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('heading', { name: 'Aura Personalization' }).waitFor({ timeout: WAIT_MS });
    await button(dialog, 'Upload Banner').waitFor({ timeout: WAIT_MS });
    await button(dialog, 'Upload Picture').waitFor({ timeout: WAIT_MS });
  });

  it('uploads a profile picture and shows it in the profile header', async () => {
    const dialog = page.getByRole('dialog', { name: 'Your Profile' });
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profile/upload-picture') && response.request().method() === 'POST',
    );
    await dialog.locator('input[type="file"][aria-label="Profile picture file"]').setInputFiles(picturePath);
    const uploaded = await answer;
    expect(uploaded.status()).toBe(200);
    const { profile_picture_url } = (await uploaded.json()) as { profile_picture_url: string };
    expect(profile_picture_url).toMatch(/^\/api\/media\/profiles\/[^/?]+\.png$/);

    // Success keeps the preview for a moment (spec 000 §4), then the refreshed member shows it.
    await dialog
      .getByRole('status')
      .filter({ hasText: 'Profile picture updated' })
      .waitFor({ timeout: WAIT_MS });
    const avatar = dialog
      .getByRole('region', { name: 'Profile header' })
      .getByRole('img', { name: "Media Tester's profile picture" });
    await avatar.and(page.locator(`img[src="${profile_picture_url}"]`)).waitFor({ timeout: WAIT_MS });
    await eventually(async () => ((await imageLoaded(avatar)) ? true : undefined), 'the avatar to load');
    pictureUrl = (await avatar.getAttribute('src'))!;

    const served = await fetchMedia(pictureUrl);
    expect(served.status).toBe(200);
    expect(served.contentType).toMatch(/^image\//);
    // The preview is gone (the settings avatar shows the member's picture again) and the button says Change.
    await dialog.getByRole('img', { name: 'Your profile picture' }).waitFor({ timeout: WAIT_MS });
    await button(dialog, 'Change Picture').waitFor({ timeout: WAIT_MS });

    // The member record has it (identity, from media's event).
    await eventually(async () => {
      const me = await apiCall<Me>('GET', '/auth/me', { token: member.token });
      return me.profile_picture === pictureUrl ? me : undefined;
    }, 'the member to carry the new picture');
  });

  it('uploads a banner and shows it in the profile header', async () => {
    const dialog = page.getByRole('dialog', { name: 'Your Profile' });
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profile/upload-banner') && response.request().method() === 'POST',
    );
    await dialog.locator('input[type="file"][aria-label="Banner file"]').setInputFiles(bannerPath);
    const uploaded = await answer;
    expect(uploaded.status()).toBe(200);
    const { banner_url } = (await uploaded.json()) as { banner_url: string };
    expect(banner_url).toMatch(/^\/api\/media\/banners\/[^/?]+\.jpg$/);

    expect(await textOf(dialog.getByRole('status').filter({ hasText: BANNER_UPDATED }))).toBe(BANNER_UPDATED);
    const banner = dialog
      .getByRole('region', { name: 'Profile header' })
      .getByRole('img', { name: "Media Tester's banner" });
    await banner.and(page.locator(`img[src="${banner_url}"]`)).waitFor({ timeout: WAIT_MS });
    await eventually(async () => ((await imageLoaded(banner)) ? true : undefined), 'the banner to load');
    bannerUrl = (await banner.getAttribute('src'))!;

    const served = await fetchMedia(bannerUrl);
    expect(served.status).toBe(200);
    expect(served.contentType).toMatch(/^image\//);
    await button(dialog, 'Change Banner').waitFor({ timeout: WAIT_MS });

    await eventually(async () => {
      const me = await apiCall<Me>('GET', '/auth/me', { token: member.token });
      return me.banner_image === bannerUrl ? me : undefined;
    }, 'the member to carry the new banner');
  });

  it('shows both again after a reload (they are the member’s, not only local state)', async () => {
    await page.reload();
    await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
    const dialog = await openOwnProfile(page);
    await dialog.getByRole('tab', { name: 'Settings', exact: true }).click();
    const header = dialog.getByRole('region', { name: 'Profile header' });
    const avatar = header.getByRole('img', { name: "Media Tester's profile picture" });
    const banner = header.getByRole('img', { name: "Media Tester's banner" });
    await avatar.waitFor({ timeout: WAIT_MS });
    await banner.waitFor({ timeout: WAIT_MS });
    expect(await avatar.getAttribute('src')).toBe(pictureUrl);
    expect(await banner.getAttribute('src')).toBe(bannerUrl);
    await eventually(async () => ((await imageLoaded(banner)) ? true : undefined), 'the banner to load');
  });

  it('refuses a file that is not an image as the profile picture, on the client and on the server', async () => {
    const dialog = page.getByRole('dialog', { name: 'Your Profile' });
    const input = dialog.locator('input[type="file"][aria-label="Profile picture file"]');
    const alert = dialog.getByRole('alert');
    let uploads = 0;
    const countUploads = (request: { url(): string }) => {
      if (request.url().endsWith('/api/profile/upload-picture')) uploads += 1;
    };
    page.on('request', countUploads);

    // A text file: refused before sending.
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    expect(await textOf(alert)).toBe(NOT_IMAGE);

    // Over 5 MB: refused before sending.
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    expect(await textOf(alert.filter({ hasText: TOO_LARGE }))).toBe(TOO_LARGE);
    expect(uploads).toBe(0);
    page.off('request', countUploads);

    // Named and typed as a PNG, but text inside: the server refuses it by its bytes, and its detail shows.
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/profile/upload-picture'));
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hello, not a png'),
    });
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toBe(NOT_IMAGE);
    expect(await textOf(alert.filter({ hasText: NOT_IMAGE }))).toBe(NOT_IMAGE);

    // Failure clears the preview: the member's picture is still the uploaded one.
    const avatar = dialog.getByRole('img', { name: 'Your profile picture' });
    await avatar.waitFor({ timeout: WAIT_MS });
    expect(await avatar.getAttribute('src')).toBe(pictureUrl);
  });
  it('attaches a photo to a post with the media uploader, and the post shows it', async () => {
    await button(page.getByRole('dialog', { name: 'Your Profile' }), 'Close').click();
    const create = await openCreate(page);
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/media/upload') && response.request().method() === 'POST',
    );
    await create.locator('input[type="file"][aria-label="Photo file"]').setInputFiles(photoPath);
    await create.getByRole('img', { name: 'Preview of sunrise.jpg' }).waitFor({ timeout: WAIT_MS });
    const uploaded = await answer;
    expect(uploaded.status()).toBe(200);
    const media = (await uploaded.json()) as { file_url: string; file_type: string };
    expect(media.file_type).toBe('image');
    await create.getByText('Uploaded · sunrise.jpg').waitFor({ timeout: WAIT_MS });

    const text = `Morning light ${stamp}`;
    await create.getByLabel("What's on your mind?").fill(text);
    await button(create, 'Share Post').click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Post created successfully!' })
      .waitFor({ timeout: WAIT_MS });
    await create.waitFor({ state: 'hidden', timeout: WAIT_MS });

    await showFeed(page, 'Following');
    const card = postCard(page, text);
    await card.waitFor({ timeout: WAIT_MS });
    await card.scrollIntoViewIfNeeded();
    // The post's media, named after its author (the social read model may still call them "Aura member").
    const image = card.getByRole('img', { name: /^Media shared by / });
    await image.and(page.locator(`img[src="${media.file_url}"]`)).waitFor({ timeout: WAIT_MS });
    // The display's placeholder gives way once the image has loaded.
    await card.locator('[data-kind="image"][data-state="ready"]').waitFor({ timeout: WAIT_MS });
    await eventually(async () => ((await imageLoaded(image)) ? true : undefined), 'the post image to load');
    const served = await fetchMedia(media.file_url);
    expect(served.status).toBe(200);
    expect(served.contentType).toMatch(/^image\//);
  });

  it('the media uploader refuses bytes that are not media with its message', async () => {
    const create = await openCreate(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/media/upload'));
    await create.locator('input[type="file"][aria-label="Photo file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('plain text, not a jpeg'),
    });
    expect((await answer).status()).toBe(400);
    expect(await textOf(create.getByRole('alert').filter({ hasText: UPLOAD_FAILED }))).toBe(UPLOAD_FAILED);
    // The refused file can be removed; the pickers come back.
    await button(create, 'Remove media').click();
    await button(create, 'Photo').waitFor({ timeout: WAIT_MS });
    await button(create, 'Close').click();
    await create.waitFor({ state: 'hidden', timeout: WAIT_MS });
  });

  it('media that cannot be loaded shows "Media temporarily unavailable" with Retry', async () => {
    const text = `Lost picture ${stamp}`;
    await apiCall('POST', '/posts', {
      token: member.token,
      body: {
        content: text,
        content_type: 'multimedia',
        category: 'general',
        media_url: `/api/media/posts/missing${stamp}.jpg`,
        is_story: false,
      },
    });
    await page.reload();
    await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
    await showFeed(page, 'Following');
    const card = postCard(page, text);
    await card.waitFor({ timeout: WAIT_MS });
    await card.scrollIntoViewIfNeeded();
    // The original URL and /api/media/profiles/<file> both answer 404: then the notice and Retry.
    expect(await textOf(card.getByText(UNAVAILABLE, { exact: true }))).toBe(UNAVAILABLE);
    const tried = page.waitForRequest((request) => request.url().includes(`missing${stamp}.jpg`));
    await button(card, 'Retry').click();
    await tried;
    expect(await textOf(card.getByText(UNAVAILABLE, { exact: true }))).toBe(UNAVAILABLE);
  });
  it('records audio: a refused microphone shows its message; a recording stops by itself at 120 s and is uploaded', async () => {
    // Chromium's fake microphone; the permission is refused unless the context grants it.
    const micBrowser = await launchBrowser(['--use-fake-device-for-media-stream']);
    try {
      const refused = await newContext(micBrowser);
      const refusedCreate = await openCreate(await openSignedIn(refused, member));
      await button(refusedCreate, 'Record Audio').click();
      expect(await textOf(refusedCreate.getByRole('alert'))).toBe(MICROPHONE);
      await refused.close();

      const allowed = await newContext(micBrowser);
      await allowed.grantPermissions(['microphone'], { origin: BASE_URL });
      await allowed.clock.install(); // the app's timers run on a clock the test moves
      const micPage = await openSignedIn(allowed, member);
      const create = await openCreate(micPage);
      await button(create, 'Record Audio').click();
      const timer = create.getByRole('timer', { name: 'Recording time' });
      expect(await textOf(timer)).toMatch(/^0:0\d \/ 2:00$/);
      await micPage.clock.runFor(60_000); // (real time flows too: a second or two more)
      expect(await textOf(timer)).toMatch(/^1:0\d \/ 2:00$/);
      await button(create, 'Stop Recording').waitFor({ timeout: WAIT_MS });

      const answer = micPage.waitForResponse(
        (response) => response.url().endsWith('/api/media/upload') && response.request().method() === 'POST',
      );
      await micPage.clock.runFor(60_000); // 120 s: the recorder stops on its own
      const uploaded = await answer;
      expect(uploaded.status()).toBe(200);
      expect(((await uploaded.json()) as { file_type: string }).file_type).toBe('audio');
      await timer.waitFor({ state: 'hidden', timeout: WAIT_MS });
      await create.getByText(/^Uploaded · recording-.+\.(webm|ogg|m4a)$/).waitFor({ timeout: WAIT_MS });
      await allowed.close();
    } finally {
      await micBrowser.close();
    }
  }, 150_000); // a second browser and two sign-ins: more than the usual minute on a busy machine
});
