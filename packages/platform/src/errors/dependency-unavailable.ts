/**
 * Errors that say a dependency cannot be reached right now (MongoDB, Redis, Kafka): not a fault of the
 * request nor of the code, and trying again once it is back is the answer. A gRPC handler that meets
 * one answers UNAVAILABLE (the gateway's 503 with Retry-After) instead of INTERNAL (500); an event
 * handler that meets one keeps retrying the event instead of sending it to the dead-letter topic
 * (docs/reliability.md, found by the chaos tier: a database outage answered 500s and dead-lettered
 * events that needed no one's attention).
 */
const UNAVAILABLE_NAMES = new Set([
  // mongodb driver and mongoose
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
  // ioredis: a command that failed its retries while Redis is down
  'MaxRetriesPerRequestError',
]);

/** @platformatic/kafka: a broker that cannot be reached or did not answer in time. */
const UNAVAILABLE_KAFKA_CODES = new Set(['PLT_KFK_NETWORK', 'PLT_KFK_TIMEOUT']);

const UNAVAILABLE_MESSAGES = [
  /buffering timed out after/i, // mongoose: a command waited for a connection that did not come
  /^Connection is closed\.?$/, // ioredis
  /Stream isn't writeable and enableOfflineQueue options is false/, // ioredis
  /connect ECONNREFUSED/,
  // The driver's bulk writes (insertMany) wrap a broken connection in a MongoBulkWriteError that keeps
  // only its message.
  /^connection \d+ to \S+ (closed|timed out)$/,
  /\b(ECONNRESET|EPIPE|ECONNREFUSED)\b/,
  /Server selection timed out/,
];

/**
 * MongoDB's answers while a replica set fails over or a server shuts down or starts: the same as the
 * driver's retryable-error list (ShutdownInProgress, PrimarySteppedDown, NotWritablePrimary,
 * InterruptedAtShutdown, InterruptedDueToReplStateChange, NotPrimaryNoSecondaryOk,
 * NotPrimaryOrSecondary, HostUnreachable, HostNotFound, NetworkTimeout, SocketException).
 */
const UNAVAILABLE_MONGO_CODES = new Set([91, 189, 10107, 11600, 11602, 13435, 13436, 6, 7, 89, 9001]);

const SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ENOTCONN']);

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as {
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    hasErrorLabel?: (label: string) => boolean;
  };
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (UNAVAILABLE_NAMES.has(name)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_KAFKA_CODES.has(code)) return true;
  // The client's retries ended: MultipleErrors holds each attempt's error.
  const attempts = (error as { errors?: unknown }).errors;
  if (code === 'PLT_KFK_MULTIPLE' && Array.isArray(attempts))
    return attempts.some((attempt) => isDependencyUnavailable(attempt, depth + 1));
  // A socket the server closed under a write (the driver lets Node's own EPIPE through sometimes:
  // "This socket has been ended by the other party").
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  if (name.startsWith('Mongo') && typeof code === 'number' && UNAVAILABLE_MONGO_CODES.has(code)) return true;
  if (typeof e.hasErrorLabel === 'function') {
    try {
      if (e.hasErrorLabel('ResetPool') || e.hasErrorLabel('NoWritesPerformed')) return true;
    } catch {
      // not a driver error after all
    }
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isDependencyUnavailable(e.cause, depth + 1);
}
