// Shared helpers for browser tests: Debian's Chromium through playwright-core, against the running
// stack at AURA_BASE_URL (the gateway serving web/dist), and members made through the real API.
import { randomBytes } from 'node:crypto';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from 'playwright-core';

export const BASE_URL = process.env.AURA_BASE_URL ?? 'http://127.0.0.1:8080';
export const WAIT_MS = 20_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
}

export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
  return ((await locator.innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

export interface Member {
  id: string;
  username: string;
  display_name: string;
  password: string;
  token: string;
}

/** Each test file looks like one client (the gateway trusts X-Forwarded-For from loopback). */
const suiteAddress = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** Calls the API directly (arrange steps of a test); throws on a non-2xx answer. */
export async function apiCall<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': suiteAddress };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers a fresh member through the API. */
export async function registerMember(prefix = 'br', displayName = 'Browser Tester'): Promise<Member> {
  const username = `${prefix}_${randomBytes(5).toString('hex')}`;
  const password = 'correct-horse-battery';
  const answer = await apiCall<{ access_token: string; user: { id: string } }>('POST', '/auth/register', {
    body: { username, email: `${username}@example.com`, password, display_name: displayName },
  });
  return { id: answer.user.id, username, display_name: displayName, password, token: answer.access_token };
}

/** Opens the app already signed in as the member (the token the app keeps in localStorage). */
export async function openSignedIn(context: BrowserContext, member: Member): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => window.localStorage.setItem('token', token), member.token);
  await page.reload();
  await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  return page;
}

/** Waits until `check` holds (a failing check counts as not yet), polling every 250 ms. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('condition not met in time');
}

/** Waits for an app notice (the toasts' live region) containing `text`. */
export async function expectNotice(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: WAIT_MS });
}

/**
 * Holds the page's `method` requests to `url` (nothing mocked: they go on unchanged) until `release()`,
 * which lets every held one go on before it removes the route (else one would be answered twice).
 */
export async function holdRequests(
  page: Page,
  url: RegExp | string,
  method: string,
): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const handled: Promise<void>[] = [];
  const hold = (route: Route) => {
    const done = (async () => {
      if (route.request().method() === method) await held;
      await route.continue();
    })();
    handled.push(done);
    return done;
  };
  await page.route(url, hold);
  return {
    release: async () => {
      letGo();
      await Promise.all(handled);
      await page.unroute(url, hold);
    },
  };
}
