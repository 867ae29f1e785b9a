// Spec 000 §8 "Shared client messages": how any failed call is explained to the member.
// Pure module (no DOM, no Vite): unit-tested under node.

/** The catalogue, letter for letter. */
export const ErrorMessages = {
  timeout: 'Request timeout. Your connection may be slow. Please try again.',
  connectionRefused: 'Cannot connect to server. Please check your connection and try again.',
  hostNotFound: 'Server not found. Please check your internet connection.',
  network: 'Network error. Please check your internet connection and try again.',
  unauthorized: 'Invalid username or password. Please check your credentials.',
  badRequest: 'Invalid request. Please check your input.',
  unprocessable: 'Please check your input fields for errors.',
  server: 'Server error. Our team has been notified. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again.',
  noResponse: 'Connection failed. Please ensure you have a stable internet connection.',
} as const;

/** Login or signup failure (§8 "Alerts by action"): a user message, else the server detail, else this. */
export const AUTH_FAILED = 'Authentication failed';

/**
 * What went wrong with a call, independent of the transport:
 * - `response`: the server answered with a status (200–599 are all answers the product interprets);
 * - `transport`: no answer at all (timeout, refused, DNS, offline, cancelled), with a code when known.
 */
export type ApiFailure =
  | { kind: 'response'; status: number; detail?: string; code?: string }
  | { kind: 'transport'; code?: string; message?: string };

/** Codes that mean "timed out" or the generic "network error" code of §8's first line. */
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'NETWORK_ERROR', 'UND_ERR_CONNECT_TIMEOUT']);
const HOST_NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);
/** Code given to a call the client itself cancelled (not shown to anyone). */
export const CANCELLED_CODE = 'ERR_CANCELED';
/** Code and message given to a failed fetch (browser: "Failed to fetch", "Load failed", ...). */
export const NETWORK_CODE = 'ERR_NETWORK';
export const NETWORK_MESSAGE = 'Network Error';

/** Maps any failure to the exact catalogue message of spec 000 §8. */
export function userMessageFor(failure: ApiFailure): string {
  if (failure.kind === 'transport') {
    const code = failure.code ?? '';
    if (TIMEOUT_CODES.has(code)) return ErrorMessages.timeout;
    if (code === 'ECONNREFUSED') return ErrorMessages.connectionRefused;
    if (HOST_NOT_FOUND_CODES.has(code)) return ErrorMessages.hostNotFound;
    if (failure.message && /network/i.test(failure.message)) return ErrorMessages.network;
    return ErrorMessages.noResponse;
  }
  const { status, detail } = failure;
  if (status < 200 || status > 599) return ErrorMessages.noResponse;
  if (status === 401) return ErrorMessages.unauthorized;
  if (status === 400) return detail || ErrorMessages.badRequest;
  if (status === 422) return ErrorMessages.unprocessable;
  if (status >= 500) return ErrorMessages.server;
  return detail || ErrorMessages.unexpected;
}

/** The `detail` of an error body `{detail: string}`, when there is one. */
export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return undefined;
}

function codeOf(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'code' in value) {
    const code = (value as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Classifies a thrown value (fetch rejection, abort, timeout) as a transport failure. */
export function transportFailureOf(error: unknown): ApiFailure & { kind: 'transport' } {
  const ownCode = codeOf(error);
  if (ownCode) return { kind: 'transport', code: ownCode, message: (error as Error).message };
  if (error instanceof Error || (error && typeof error === 'object' && 'name' in error)) {
    const e = error as Error & { cause?: unknown };
    if (e.name === 'AbortError') return { kind: 'transport', code: CANCELLED_CODE, message: e.message };
    if (e.name === 'TimeoutError') return { kind: 'transport', code: 'ECONNABORTED', message: e.message };
    // Node's fetch (undici) puts the socket error in `cause`: ECONNREFUSED, ENOTFOUND, ...
    const causeCode = codeOf(e.cause);
    if (causeCode) return { kind: 'transport', code: causeCode, message: e.message };
    // A rejected fetch is a TypeError in every browser, whatever its wording.
    if (e.name === 'TypeError') return { kind: 'transport', code: NETWORK_CODE, message: NETWORK_MESSAGE };
    return { kind: 'transport', message: e.message };
  }
  return { kind: 'transport' };
}

/** Every failed call surfaces as one of these; `message` is the member-facing catalogue text. */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** The server's `detail`, when it gave one. */
  readonly detail?: string;
  /** The server's `code`, a word the app acts on (e.g. `pause_required`), when it gave one. */
  readonly code?: string;
  /** The catalogue message for this failure (same as `message`). */
  readonly userMessage: string;

  constructor(failure: ApiFailure, options?: { cause?: unknown }) {
    const userMessage = userMessageFor(failure);
    super(userMessage, options);
    this.name = 'ApiError';
    this.failure = failure;
    this.userMessage = userMessage;
    if (failure.kind === 'response') {
      this.status = failure.status;
      this.detail = failure.detail;
      this.code = failure.code;
    }
  }

  static fromResponse(status: number, body: unknown): ApiError {
    const code = codeOf(body);
    return new ApiError({ kind: 'response', status, detail: detailOf(body), ...(code ? { code } : {}) });
  }

  static fromThrown(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    return new ApiError(transportFailureOf(error), { cause: error });
  }

  /** True when the client itself gave up on the call (component unmounted, query cancelled). */
  get isCancelled(): boolean {
    return this.failure.kind === 'transport' && this.failure.code === CANCELLED_CODE;
  }
}

/** §8 "Login or signup failure: a user message, else the server detail, else 'Authentication failed'". */
export function authFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage || error.detail || AUTH_FAILED;
  return AUTH_FAILED;
}

/** The catalogue message of a failed call (spec 000 §8), or `fallback` for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.userMessage || fallback : fallback;
}

/** The server's reason for a refusal (a 4xx carries one, e.g. "Content must be at most 2000 characters"). */
export function refusalOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== undefined && error.status < 500 && error.detail
    ? error.detail
    : fallback;
}
