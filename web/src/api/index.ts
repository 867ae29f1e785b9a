// The app's single API client instance (browser only: it reads window.localStorage).
import { createApiClient } from './client';
import { createStorageTokenStore } from './token-store';

export const tokenStore = createStorageTokenStore(window.localStorage, window);

/** Same origin as the page: the gateway serves the app, and Vite proxies /api in development. */
export const api = createApiClient({ baseUrl: '', tokenStore });

export { ApiError, ErrorMessages, authFailureMessage } from './errors';
export { queryKeys, SIGNED_IN_DATA_KEYS } from './query-keys';
export type * from './types';
