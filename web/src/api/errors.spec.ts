import {
  ApiError,
  authFailureMessage,
  ErrorMessages,
  messageOf,
  refusalOf,
  transportFailureOf,
  userMessageFor,
  type ApiFailure,
} from './errors';
import { RequestTimeoutError } from './timeout';

describe('userMessageFor (spec 000 §8 shared client messages)', () => {
  const response = (status: number, detail?: string): ApiFailure => ({ kind: 'response', status, detail });
  const transport = (code?: string, message?: string): ApiFailure => ({ kind: 'transport', code, message });

  it('has the catalogue texts letter for letter', () => {
    expect(ErrorMessages).toEqual({
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
    });
  });

  it.each(['ECONNABORTED', 'ETIMEDOUT', 'NETWORK_ERROR'])('timeout or network error code %s', (code) => {
    expect(userMessageFor(transport(code, 'anything'))).toBe(ErrorMessages.timeout);
  });

  it('connection refused', () => {
    expect(userMessageFor(transport('ECONNREFUSED', 'connect ECONNREFUSED'))).toBe(
      'Cannot connect to server. Please check your connection and try again.',
    );
  });

  it('host not found', () => {
    expect(userMessageFor(transport('ENOTFOUND', 'getaddrinfo ENOTFOUND'))).toBe(
      'Server not found. Please check your internet connection.',
    );
  });

  it('no response with a network message', () => {
    expect(userMessageFor(transport('ERR_NETWORK', 'Network Error'))).toBe(ErrorMessages.network);
    expect(userMessageFor(transport(undefined, 'NetworkError when attempting to fetch resource.'))).toBe(
      ErrorMessages.network,
    );
  });

  it('no response at all', () => {
    expect(userMessageFor(transport())).toBe(
      'Connection failed. Please ensure you have a stable internet connection.',
    );
    expect(userMessageFor(transport('ERR_CANCELED', 'aborted'))).toBe(ErrorMessages.noResponse);
  });

  it('401 is always the credentials message, whatever the detail', () => {
    expect(userMessageFor(response(401, 'Invalid username or password'))).toBe(
      'Invalid username or password. Please check your credentials.',
    );
    expect(userMessageFor(response(401))).toBe(ErrorMessages.unauthorized);
  });

  it('400 shows the server detail, else the generic text', () => {
    expect(userMessageFor(response(400, 'Username already taken'))).toBe('Username already taken');
    expect(userMessageFor(response(400))).toBe('Invalid request. Please check your input.');
    expect(userMessageFor(response(400, ''))).toBe(ErrorMessages.badRequest);
  });

  it('422 ignores the detail', () => {
    expect(userMessageFor(response(422, 'username is required'))).toBe(
      'Please check your input fields for errors.',
    );
  });

  it.each([500, 502, 503, 504, 599])('%s is a server error', (status) => {
    expect(userMessageFor(response(status, 'Service unavailable'))).toBe(
      'Server error. Our team has been notified. Please try again later.',
    );
  });

  it.each([403, 404, 409, 429])('other status %s shows the detail, else the unexpected text', (status) => {
    expect(userMessageFor(response(status, 'Too many attempts'))).toBe('Too many attempts');
    expect(userMessageFor(response(status))).toBe('An unexpected error occurred. Please try again.');
  });

  it('a status outside 200–599 is not an answer', () => {
    expect(userMessageFor(response(0))).toBe(ErrorMessages.noResponse);
  });
});

describe('transportFailureOf', () => {
  it('reads our timeout error', () => {
    expect(userMessageFor(transportFailureOf(new RequestTimeoutError(45000)))).toBe(ErrorMessages.timeout);
  });

  it('reads the socket error node fetch keeps in `cause`', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const unknownHost = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    expect(userMessageFor(transportFailureOf(refused))).toBe(ErrorMessages.connectionRefused);
    expect(userMessageFor(transportFailureOf(unknownHost))).toBe(ErrorMessages.hostNotFound);
  });

  it('treats a browser fetch rejection (TypeError) as a network error', () => {
    expect(userMessageFor(transportFailureOf(new TypeError('Failed to fetch')))).toBe(ErrorMessages.network);
    expect(userMessageFor(transportFailureOf(new TypeError('Load failed')))).toBe(ErrorMessages.network);
  });

  it('marks an abort as cancelled', () => {
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect(ApiError.fromThrown(abort).isCancelled).toBe(true);
  });

  it('anything else is "connection failed"', () => {
    expect(userMessageFor(transportFailureOf('boom'))).toBe(ErrorMessages.noResponse);
    expect(userMessageFor(transportFailureOf(new Error('weird')))).toBe(ErrorMessages.noResponse);
  });
});

describe('ApiError and authFailureMessage', () => {
  it('carries status, detail and the catalogue message', () => {
    const error = ApiError.fromResponse(400, { detail: 'Email already registered' });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Email already registered');
    expect(error.message).toBe('Email already registered');
  });

  it('carries the code a refusal gives (the spending pause acts on it)', () => {
    const error = ApiError.fromResponse(409, {
      detail: 'Take a breath — still want to send 25 AC?',
      code: 'pause_required',
    });
    expect(error).toMatchObject({ status: 409, code: 'pause_required' });
    expect(error.message).toBe('Take a breath — still want to send 25 AC?');
    expect(ApiError.fromResponse(400, { detail: 'Insufficient balance' }).code).toBeUndefined();
  });

  it('ignores bodies without a string detail', () => {
    expect(ApiError.fromResponse(400, { detail: [{ msg: 'x' }] }).message).toBe(ErrorMessages.badRequest);
    expect(ApiError.fromResponse(404, 'Not Found').message).toBe(ErrorMessages.unexpected);
  });

  it('login failure: the user message comes before the server detail', () => {
    expect(authFailureMessage(ApiError.fromResponse(401, { detail: 'Invalid username or password' }))).toBe(
      'Invalid username or password. Please check your credentials.',
    );
    expect(authFailureMessage(ApiError.fromResponse(400, { detail: 'Username already taken' }))).toBe(
      'Username already taken',
    );
    expect(authFailureMessage(ApiError.fromResponse(429, { detail: 'Too many attempts' }))).toBe(
      'Too many attempts',
    );
  });

  it("falls back to 'Authentication failed' when there is nothing better", () => {
    expect(authFailureMessage(new Error('bug'))).toBe('Authentication failed');
    expect(authFailureMessage(undefined)).toBe('Authentication failed');
  });
});

describe('messageOf and refusalOf', () => {
  const refused = ApiError.fromResponse(400, { detail: 'Content must be at most 2000 characters' });
  const forbidden = ApiError.fromResponse(403, { detail: 'You can only edit your own posts' });
  const broken = ApiError.fromResponse(500, { detail: 'stack trace' });

  it('messageOf: the catalogue message of a failed call, else the fallback', () => {
    expect(messageOf(refused, 'Try again')).toBe('Content must be at most 2000 characters');
    expect(messageOf(broken, 'Try again')).toBe(broken.userMessage);
    expect(messageOf(new Error('boom'), 'Try again')).toBe('Try again');
  });

  it("refusalOf: a 4xx's own reason, never a 5xx's; else the fallback", () => {
    expect(refusalOf(forbidden, 'Try again')).toBe('You can only edit your own posts');
    expect(refusalOf(refused, 'Try again')).toBe('Content must be at most 2000 characters');
    expect(refusalOf(broken, 'Try again')).toBe('Try again');
    expect(refusalOf(ApiError.fromResponse(404, {}), 'Try again')).toBe('Try again');
    expect(refusalOf('nope', 'Try again')).toBe('Try again');
  });
});
