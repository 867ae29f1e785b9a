import { randomBytes } from 'node:crypto';

export const baseUrl = process.env.AURA_BASE_URL ?? 'http://127.0.0.1:18080';

/** An answer or socket payload read loosely: each assertion of a test says what it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers only, never production code
export type Loose = any;

export interface ApiAnswer<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Loose>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    cookie?: string;
    headers?: Record<string, string>;
    base?: string;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': suiteAddress, ...(options.headers ?? {}) };
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${options.base ?? baseUrl}/api${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** A fresh, valid username (3-30 letters, digits, underscore). */
export const uniqueName = (prefix = 'm') => `${prefix}_${randomBytes(6).toString('hex')}`;

export function newMember(prefix = 'm') {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.com`, password: 'correct horse battery' };
}

/** The refresh cookie (name=value) from a Set-Cookie answer. */
export function refreshCookie(headers: Headers): string | undefined {
  const setCookie = headers.getSetCookie?.() ?? [];
  const cookie = setCookie.find((c) => c.startsWith('aura_refresh='));
  return cookie?.split(';')[0];
}

/** A client address of its own, so rate-limit counters of one test do not touch another's. */
export const clientAddress = () =>
  `198.51.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** Each test file looks like one client (the gateway trusts X-Forwarded-For from loopback). */
const suiteAddress = clientAddress();
