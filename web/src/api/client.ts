// The one API client of the app (spec 000 §7 "Shared client behaviour", §6 bearer tokens).
// Built on openapi-fetch over the generated `paths`; a middleware adds the bearer token and, when an
// authenticated call answers 401, refreshes the session once through the httpOnly cookie and retries.
// Pure module (no DOM, no Vite): unit-tested under node with a fake fetch.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema';
import { REQUEST_TIMEOUT_MS, withTimeout } from './timeout';
import type { TokenStore } from './token-store';
import type { AuthResponse } from './types';

export type ApiPaths = paths;
export type ApiFetchClient = Client<paths>;

/** Calls sent without a token (spec 000 §7 and 001 §6 mark them public). */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/login/second-factor',
  '/api/auth/register',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/password-reset/request',
  '/api/auth/password-reset',
  '/api/auth/verify-email',
  '/api/auth/passkeys/sign-in/options',
  '/api/auth/passkeys/sign-in',
  '/api/auth/passkeys/second-factor/options',
  '/api/auth/passkeys/second-factor',
  '/api/public/feed/preview',
  '/api/public/stats',
  '/api/auracoin/price/current',
  '/api/tags/trending',
  '/api/marketplace/categories',
  '/api/payments/packages',
  '/api/health',
]);

/** Calls whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const SESSION_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/login/second-factor',
  '/api/auth/register',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/passkeys/sign-in',
  '/api/auth/passkeys/second-factor',
]);

export const isPublicPath = (schemaPath: string) => PUBLIC_PATHS.has(schemaPath);

export interface ApiClientOptions {
  /** Origin of the gateway; '' for the page's own origin. Paths in the schema start with /api. */
  baseUrl: string;
  tokenStore: TokenStore;
  /** Defaults to the global fetch. */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /** Told when a refresh replaced the session (new token and current user). */
  onSessionRefreshed?: (auth: AuthResponse) => void;
  /** Told when the session ended because it could not be refreshed (the token is already cleared). */
  onSessionEnded?: () => void;
}

type RawResult<T> = { data?: T; error?: unknown; response: Response };

export interface ApiClient {
  /** The typed openapi-fetch client; use it inside `call()` so failures become ApiErrors. */
  readonly client: ApiFetchClient;
  /**
   * Runs one typed call and returns its data. Any status 200–599 is the server's answer: 2xx gives the
   * data, any other status throws ApiError with the catalogue message; no answer throws ApiError too.
   */
  call<T>(run: (client: ApiFetchClient) => Promise<RawResult<T>>): Promise<T>;
  /** Asks for a new access token with the refresh cookie; resolves to null when the session is over. */
  refreshSession(): Promise<string | null>;
}

interface PendingCall {
  retry: Request;
  token: string;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokenStore } = options;
  const baseFetch = options.fetch ?? ((input: Request, init?: RequestInit) => globalThis.fetch(input, init));
  const fetchWithTimeout = withTimeout(
    (input, init) => baseFetch(input instanceof Request ? input : new Request(input), init),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchWithTimeout });

  const pending = new Map<string, PendingCall>();
  let refreshing: Promise<string | null> | null = null;

  async function refreshOnce(): Promise<string | null> {
    try {
      const { data, response } = await client.POST('/api/auth/refresh', { credentials: 'include' });
      if (!response.ok || !data?.access_token) return null;
      tokenStore.set(data.access_token);
      options.onSessionRefreshed?.(data);
      return data.access_token;
    } catch {
      return null;
    }
  }

  function refreshSession(): Promise<string | null> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession() {
    tokenStore.clear();
    options.onSessionEnded?.();
  }

  const session: Middleware = {
    onRequest({ request, schemaPath, id }) {
      if (isPublicPath(schemaPath)) return undefined;
      const token = tokenStore.get();
      if (!token) return undefined;
      request.headers.set('Authorization', `Bearer ${token}`);
      // Keep an unsent copy so the call can be repeated once after a refresh.
      if (!SESSION_PATHS.has(schemaPath)) pending.set(id, { retry: request.clone(), token });
      return request;
    },
    async onResponse({ response, id }) {
      const call = pending.get(id);
      pending.delete(id);
      if (!call || response.status !== 401) return undefined;

      // Another call may have refreshed the session meanwhile; otherwise refresh (once for all callers).
      const current = tokenStore.get();
      const token = current && current !== call.token ? current : await refreshSession();
      if (!token) {
        endSession();
        return undefined;
      }
      call.retry.headers.set('Authorization', `Bearer ${token}`);
      const retried = await fetchWithTimeout(call.retry);
      if (retried.status === 401) endSession();
      return retried;
    },
    onError({ id }) {
      pending.delete(id);
      return undefined;
    },
  };
  client.use(session);

  async function call<T>(run: (c: ApiFetchClient) => Promise<RawResult<T>>): Promise<T> {
    let result: RawResult<T>;
    try {
      result = await run(client);
    } catch (error) {
      throw ApiError.fromThrown(error);
    }
    const { response } = result;
    if (response.status < 200 || response.status > 599) throw new ApiError({ kind: 'transport' });
    if (!response.ok) throw ApiError.fromResponse(response.status, result.error);
    return result.data as T;
  }

  return { client, call, refreshSession };
}
