// The profile and wellness screens of issue 5 in a real browser, against the running stack (gateway on
// AURA_BASE_URL serving web/dist; identity, social and economy behind it). A member checks in and writes a
// reflection from the own-profile dashboard and sees aura and stats move (and the wallet read again);
// edits bio and ring colour in Settings and the background in the customiser; another member sees them on
// the public profile, with the Reflections and Lives tabs; the visit is counted once per viewer and day,
// never for oneself. Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
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

interface Me {
  aura_score: number;
  bio: string;
  profile_ring_color: string;
  profile_background: string;
}

interface Stats {
  daily_positivity_score: number;
  weekly_reflection_count: number;
  aura_growth_this_week: number;
  mood_trend: string;
}

interface PublicProfile {
  bio: string;
  profile_ring_color: string;
  profile_visits_count: number;
}

/** Social learns of a member from identity's events; Explore finds them only after that (see social spec). */
const PROJECTION_WAIT_MS = 600_000;

const stamp = randomBytes(3).toString('hex');
const checkinText = `Slept well, walked by the sea ${stamp}`;
const reflectionText = `Grateful for a quiet morning ${stamp}`;
const newBio = `Breathing in calm, breathing out light ${stamp}`;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const figure = (scope: Locator, label: string) =>
  scope.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

/** The own-profile dialog, opened from the profile menu (each test starts with no dialog open). */
async function openOwnProfile(page: Page): Promise<Locator> {
  await button(page, 'Open profile menu').click();
  await button(page, 'Your Profile').click();
  const profile = dialog(page, 'Your Profile');
  await profile.waitFor({ timeout: WAIT_MS });
  return profile;
}

async function closeDialog(page: Page, name: string) {
  const open = dialog(page, name);
  await button(open, 'Close').click();
  await open.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

async function waitUntilProjected(member: Member, viewer: Member) {
  await eventually(async () => {
    const found = await apiCall<{ users: { id: string }[] }>(
      'GET',
      `/search?query=${member.username}&content_type=users&limit=20`,
      { token: viewer.token },
    );
    return found.users.some((u) => u.id === member.id);
  }, PROJECTION_WAIT_MS);
}

/** Opens `member`'s public profile from an Explore search, as the signed-in member of `page`. */
async function openMemberFromExplore(page: Page, member: Member): Promise<Locator> {
  await button(page, 'Explore').click();
  const explore = dialog(page, 'Explore');
  await explore.getByRole('searchbox').fill(member.username);
  await explore
    .getByRole('region', { name: 'Users' })
    .getByRole('button', { name: `${member.display_name} @${member.username}, view profile` })
    .click();
  const profile = dialog(page, 'Profile');
  await profile.getByRole('heading', { name: member.display_name }).waitFor({ timeout: WAIT_MS });
  return profile;
}

describe('profile and wellness screens in the browser (issue 5; spec 000 §2, §4, §5, §8)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let me: Member;
  let viewer: Member;
  let startAura: number;

  beforeAll(async () => {
    [me, viewer] = await Promise.all([
      registerMember('pw', 'Luna Wellness'),
      registerMember('pv', 'Orion Visitor'),
    ]);
    startAura = (await apiCall<Me>('GET', '/auth/me', { token: me.token })).aura_score;
    await waitUntilProjected(me, viewer);
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await openSignedIn(context, me);
  }, PROJECTION_WAIT_MS + 60_000);

  afterEach(async () => {
    if (!page) return;
    for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('opens the own profile on the Dashboard with figures, aura progress and the section selector', async () => {
    const profile = await openOwnProfile(page);
    const tabs = profile.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    const names = await tabs.allInnerTexts();
    for (const name of ['Dashboard', 'Posts', 'Reflection', 'Wallet', 'Upgrade', 'Settings'])
      expect(names).toContain(name);
    expect(names.indexOf('Dashboard')).toBe(0);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    const dashboard = profile.getByRole('region', { name: 'Dashboard' });
    expect(await textOf(figure(dashboard, 'Daily Positivity'))).toBe('0%');
    expect(await textOf(figure(dashboard, 'Weekly Reflections'))).toBe('0');
    expect(await textOf(figure(dashboard, 'Engagement Rate'))).toBe('0.0%');
    expect(await textOf(figure(dashboard, 'Weekly Growth'))).toBe('0');
    expect(await textOf(dashboard)).toContain(`${startAura} / 1000`);
    expect(await textOf(dashboard)).toContain('Starter Aura');
    const bar = dashboard.getByRole('progressbar', { name: 'Aura progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(Math.round(startAura / 10)));
  });

  it('checks in from the dashboard: the dialog resets and closes, aura +2, stats and wallet read again', async () => {
    const profile = await openOwnProfile(page);
    const dashboard = profile.getByRole('region', { name: 'Dashboard' });
    await button(dashboard, 'Daily Check-in').click();
    const checkin = dialog(page, 'Daily Check-in');
    await checkin.waitFor({ timeout: WAIT_MS });
    // Defaults: neutral, energy 5.
    expect(await checkin.getByRole('radio', { name: 'Neutral' }).isChecked()).toBe(true);
    expect(await checkin.getByRole('slider').inputValue()).toBe('5');

    await checkin.getByRole('radio', { name: 'Happy' }).check({ force: true });
    await checkin.getByLabel('Description (optional)').fill(checkinText);
    await checkin.getByRole('slider').fill('8');
    expect(await textOf(checkin)).toContain('8/10');

    const walletRead = page.waitForRequest(
      (request) => request.url().endsWith('/api/wallet') && request.method() === 'GET',
    );
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profile/mood-checkin') && response.request().method() === 'POST',
    );
    await button(checkin, 'Submit Check-in').click();
    expect((await saved).status()).toBeLessThan(300);
    await checkin.waitFor({ state: 'hidden', timeout: WAIT_MS });
    await walletRead;

    await eventually(async () => (await textOf(dashboard)).includes(`${startAura + 2} / 1000`));
    await eventually(async () => (await textOf(figure(dashboard, 'Daily Positivity'))) === '100%');
    await eventually(async () => (await textOf(figure(dashboard, 'Weekly Growth'))) === '+2');
    expect(await textOf(dashboard.getByLabel('Mood trend: positive'))).toBe('Positive'); // shown capitalised

    // Opened again, the form starts over.
    await button(dashboard, 'Daily Check-in').click();
    const again = dialog(page, 'Daily Check-in');
    expect(await again.getByLabel('Description (optional)').inputValue()).toBe('');
    expect(await again.getByRole('radio', { name: 'Neutral' }).isChecked()).toBe(true);
    await button(again, 'Cancel').click();
    await again.waitFor({ state: 'hidden', timeout: WAIT_MS });
  });

  it('writes a reflection: blank is refused, then aura +10 and the weekly count moves', async () => {
    const profile = await openOwnProfile(page);
    const dashboard = profile.getByRole('region', { name: 'Dashboard' });
    await button(dashboard, 'Daily Reflection').click();
    const reflection = dialog(page, 'Daily Reflection');
    await reflection.waitFor({ timeout: WAIT_MS });
    const save = button(reflection, 'Save Reflection');
    await reflection.getByLabel('Your reflection').fill('   ');
    expect(await save.isDisabled()).toBe(true);

    await reflection.getByLabel('Your reflection').fill(reflectionText);
    await reflection.getByRole('radio', { name: 'Positive' }).check({ force: true });
    await save.click();
    await reflection.waitFor({ state: 'hidden', timeout: WAIT_MS });

    await eventually(async () => (await textOf(dashboard)).includes(`${startAura + 12} / 1000`));
    await eventually(async () => (await textOf(figure(dashboard, 'Weekly Reflections'))) === '1');
    await eventually(async () => (await textOf(figure(dashboard, 'Weekly Growth'))) === '+12');

    const stats = await apiCall<Stats>('GET', '/profile/stats', { token: me.token });
    expect(stats).toMatchObject({
      weekly_reflection_count: 1,
      aura_growth_this_week: 12,
      mood_trend: 'positive',
    });
    expect((await apiCall<Me>('GET', '/auth/me', { token: me.token })).aura_score).toBe(startAura + 12);
  });

  it('shows the latest check-in and reflection in the Reflection section, and no posts yet', async () => {
    const profile = await openOwnProfile(page);
    await profile.getByRole('tab', { name: 'Reflection', exact: true }).click();
    const checkins = profile.getByRole('list', { name: 'Recent check-ins' });
    const entry = checkins.getByRole('listitem').first();
    expect(await textOf(entry)).toContain('Happy');
    expect(await textOf(entry)).toContain(checkinText);
    expect(await textOf(entry)).toContain('Energy 8/10');
    const reflections = profile.getByRole('list', { name: 'Recent reflections' });
    expect(await textOf(reflections.getByRole('listitem').first())).toContain(reflectionText);

    await profile.getByRole('tab', { name: 'Posts', exact: true }).click();
    for (const filter of ['All Posts', 'Photos', 'Videos']) {
      await button(profile, filter).click();
      expect(await button(profile, filter).getAttribute('aria-pressed')).toBe('true');
      await profile.getByText('No posts yet', { exact: true }).waitFor({ timeout: WAIT_MS });
    }
  });

  it('edits bio and ring colour in Settings: counter, 160 limit, music only for SuperAura, Save Changes', async () => {
    const profile = await openOwnProfile(page);
    await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
    const form = profile.getByRole('form', { name: 'Profile details' });
    await button(profile, 'Upload Banner').waitFor({ timeout: WAIT_MS });
    for (const label of ['Display Name', 'Aura Animation', 'Aura Color Gradient', 'Profile Background Style'])
      await form.getByLabel(label, { exact: true }).waitFor({ timeout: WAIT_MS });
    await form.getByRole('figure', { name: 'Ring preview' }).waitFor({ timeout: WAIT_MS });

    // Not a member: the music field is disabled, with the spec's message.
    expect(await form.getByLabel('YouTube Audio Link').isDisabled()).toBe(true);
    expect(await textOf(form)).toContain('Upgrade to SuperAura to enable profile music');

    const bio = form.getByLabel('Bio', { exact: true });
    await bio.fill('a'.repeat(161));
    expect(await textOf(form)).toContain('161/160');
    await button(form, 'Save Changes').click();
    expect(await textOf(form.getByRole('alert'))).toBe('Bio must be at most 160 characters');
    expect((await apiCall<Me>('GET', '/auth/me', { token: me.token })).bio).toBe('');

    await bio.fill(newBio);
    expect(await textOf(form)).toContain(`${newBio.length}/160`);
    await form.getByLabel('Profile Ring Color').selectOption('gold');
    await form.getByRole('figure', { name: 'Ring preview' }).locator('[data-ring="gold"]').waitFor();
    await button(form, 'Save Changes').click();
    await expectNotice(page, 'Profile updated successfully!');

    const saved = await apiCall<Me>('GET', '/auth/me', { token: me.token });
    expect({ bio: saved.bio, ring: saved.profile_ring_color }).toEqual({ bio: newBio, ring: 'gold' });
    // The own header's avatar wears the new ring.
    await profile.getByRole('region', { name: 'Profile header' }).locator('[data-ring="gold"]').waitFor();
  });

  it('saves the ring and background in the profile customiser with its success message', async () => {
    const profile = await openOwnProfile(page);
    await button(profile.getByRole('region', { name: 'Profile header' }), 'Customize').click();
    const customiser = dialog(page, 'Customize Profile');
    await customiser.waitFor({ timeout: WAIT_MS });
    expect(await customiser.getByRole('radio', { name: 'Gold' }).isChecked()).toBe(true);
    await customiser.getByRole('radio', { name: 'Ocean' }).check({ force: true });
    await button(customiser, 'Save Customization').click();
    await expectNotice(page, 'Profile customization saved successfully!');
    await customiser.waitFor({ state: 'hidden', timeout: WAIT_MS });
    expect((await apiCall<Me>('GET', '/auth/me', { token: me.token })).profile_background).toBe('ocean');
    await closeDialog(page, 'Your Profile');
  });

  it('another member sees bio, ring, aura and tabs on the public profile; the visit counts once a day', async () => {
    // One's own views are never counted.
    await apiCall('GET', `/users/${me.id}/profile`, { token: me.token });
    expect(
      (await apiCall<PublicProfile>('GET', `/users/${me.id}`, { token: me.token })).profile_visits_count,
    ).toBe(0);

    const viewerContext = await newContext(browser);
    try {
      const viewerPage = await openSignedIn(viewerContext, viewer);
      const profile = await openMemberFromExplore(viewerPage, me);
      expect(await textOf(profile)).toContain(newBio);
      await profile.locator('[data-ring="gold"]').first().waitFor({ timeout: WAIT_MS });
      expect(await profile.locator('[data-background="ocean"]').count()).toBeGreaterThan(0);
      await profile.getByRole('img', { name: 'No banner image' }).waitFor({ timeout: WAIT_MS });
      expect(await textOf(profile)).toContain(`${startAura + 12} / 1000`);
      expect(await textOf(profile)).toContain('Starter Aura');
      for (const name of ['Message', 'Follow', 'Send Energy'])
        await button(profile, name).waitFor({ timeout: WAIT_MS });
      const tabs = profile.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(['Posts', 'Reflections', 'Stories', 'Lives']);
      await profile.getByText(`${me.username} hasn't posted yet`).waitFor({ timeout: WAIT_MS });
      await profile.getByRole('tab', { name: 'Reflections', exact: true }).click();
      await profile.getByRole('listitem').filter({ hasText: reflectionText }).waitFor({ timeout: WAIT_MS });
      await profile.getByRole('tab', { name: 'Lives', exact: true }).click();
      await profile.getByText('No live streams yet', { exact: true }).waitFor({ timeout: WAIT_MS });
      await profile.getByText('Live streaming coming soon!', { exact: true }).waitFor({ timeout: WAIT_MS });
      await profile.getByRole('tab', { name: 'Stories', exact: true }).click();
      await profile.getByText('No active stories', { exact: true }).waitFor({ timeout: WAIT_MS });

      // The visit was counted, once.
      await eventually(
        async () =>
          (await apiCall<PublicProfile>('GET', `/users/${me.id}`, { token: me.token }))
            .profile_visits_count === 1,
      );
      // Dialogs stack (issue 22): closing the profile returns to Explore; close it too.
      await closeDialog(viewerPage, 'Profile');
      await closeDialog(viewerPage, 'Explore');
      const again = await openMemberFromExplore(viewerPage, me);
      const visits = again
        .getByRole('term')
        .filter({ hasText: 'Profile visits' })
        .locator('xpath=following-sibling::dd[1]');
      expect(await textOf(visits)).toBe('1');
      expect(
        (await apiCall<PublicProfile>('GET', `/users/${me.id}`, { token: me.token })).profile_visits_count,
      ).toBe(1);
    } finally {
      await viewerContext.close();
    }
  });
});
