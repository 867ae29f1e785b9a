// Checks every screen gets in the browser tests (issue 22): nothing scrolls sideways (the page, the
// dialog and its scrolling body: scrollWidth ≤ clientWidth, and no element sticks out past the right
// edge), primary actions lie inside the viewport, axe finds no serious or critical WCAG 2.2 AA
// violation; and, when AURA_SCREENSHOTS_DIR is set, a screenshot of the screen.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, button, type Member, openSignedIn, WAIT_MS } from './browser';

export const PHONE = { name: 'mobile', width: 390, height: 844 } as const;
export const DESKTOP = { name: 'desktop', width: 1366, height: 850 } as const;
export type Viewport = typeof PHONE | typeof DESKTOP;

export const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** A fresh browser context of that screen size, against the stack. */
export const contextAt = (browser: Browser, viewport: Viewport): Promise<BrowserContext> =>
  browser.newContext({ baseURL: BASE_URL, viewport: { width: viewport.width, height: viewport.height } });

/** The pages a spec opens, each a member signed in within a fresh context at a screen size. */
export class SignedInPages {
  private readonly contexts: BrowserContext[] = [];

  /** `prepare` runs on the new context before the member signs in (permissions, init scripts). */
  async open(
    browser: Browser,
    member: Member,
    viewport: Viewport,
    prepare?: (context: BrowserContext) => Promise<void>,
  ): Promise<Page> {
    const context = await contextAt(browser, viewport);
    this.contexts.push(context);
    await prepare?.(context);
    return openSignedIn(context, member);
  }

  /** Closes every context opened (afterAll). */
  async closeAll(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close().catch(() => undefined);
  }
}

/** Your Profile → Settings from the profile menu (there at every screen size); answers the dialog. */
export async function openProfileSettings(page: Page): Promise<Locator> {
  await button(page, 'Open profile menu').click();
  await button(page, 'Your Profile').click();
  const profile = dialogNamed(page, 'Your Profile');
  await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
  return profile;
}

export interface Overflow {
  page: number;
  dialog: number;
  body: number;
  /** Elements whose right edge lies past the viewport or the dialog (tag, class, text, right edge). */
  outside: string[];
}

/** How far the page and the named dialog (the top one of that name) overflow sideways, in pixels. */
export function overflowOf(page: Page, dialogName?: string): Promise<Overflow> {
  return page.evaluate((name) => {
    const over = (element: Element | null) => (element ? element.scrollWidth - element.clientWidth : 0);
    const result = {
      page: Math.max(over(document.documentElement), over(document.body)),
      dialog: 0,
      body: 0,
      outside: [] as string[],
    };
    let scope: Element = document.body;
    let right = window.innerWidth;
    if (name) {
      const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter((element) => {
        const label = element.getAttribute('aria-labelledby');
        return label !== null && document.getElementById(label)?.textContent?.trim() === name;
      });
      const dialog = dialogs[dialogs.length - 1];
      if (!dialog) throw new Error(`no dialog named ${name}`);
      result.dialog = over(dialog);
      result.body = over(dialog.querySelector('[data-dialog-body]'));
      scope = dialog;
      right = Math.min(right, dialog.getBoundingClientRect().right);
    }
    // Inside a row that scrolls on purpose (tab rows, carousels), sticking out is the point.
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node && node !== scope; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          node.scrollWidth > node.clientWidth
        )
          return true;
      }
      return false;
    };
    for (const element of scope.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= right + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed' || element.closest('.sr-only'))
        continue;
      if (scrollsSideways(element)) continue;
      const text = (element.textContent ?? '').trim().slice(0, 30);
      result.outside.push(
        `${element.tagName.toLowerCase()}.${element.className} "${text}" right=${Math.round(box.right)} > ${Math.round(right)}`,
      );
      if (result.outside.length >= 5) break;
    }
    return result;
  }, dialogName);
}

/** Nothing scrolls sideways on the page or in the dialog, and nothing sticks out of them. */
export async function expectNoSidewaysOverflow(page: Page, dialogName?: string) {
  const overflow = await overflowOf(page, dialogName);
  expect(overflow).toEqual({ page: 0, dialog: 0, body: 0, outside: [] });
}

/** The control can be reached and lies wholly inside the viewport once scrolled to. */
export async function expectInViewport(page: Page, control: Locator) {
  await control.waitFor({ state: 'visible', timeout: WAIT_MS });
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect({
    left: Math.round(box!.x) >= 0,
    top: Math.round(box!.y) >= 0,
    right: Math.round(box!.x + box!.width) <= viewport.width,
    bottom: Math.round(box!.y + box!.height) <= viewport.height,
  }).toEqual({ left: true, top: true, right: true, bottom: true });
}

/** axe-core on the whole page: no serious or critical violation of WCAG 2.0–2.2 A and AA. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(serious).toEqual([]);
}

/** Saves the screen as `<name>-<viewport>.png` when AURA_SCREENSHOTS_DIR is set. */
export async function saveScreenshot(page: Page, name: string, viewport: Viewport) {
  const dir = process.env.AURA_SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${viewport.name}.png`), animations: 'disabled' });
}

/** Every check of a screen, then its screenshot. */
export async function checkScreen(
  page: Page,
  viewport: Viewport,
  name: string,
  options: { dialog?: string; primary?: Locator } = {},
) {
  // Fonts and layout settled before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expectNoSidewaysOverflow(page, options.dialog);
  await saveScreenshot(page, name, viewport);
  if (options.primary) await expectInViewport(page, options.primary);
  await expectAccessible(page);
}
