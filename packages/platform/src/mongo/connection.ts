import mongoose, { Connection } from 'mongoose';
import type { Logger } from 'pino';

/** Commands at least this slow are logged when the log level is debug (finding a query without an index). */
const SLOW_COMMAND_MS = 50;

/**
 * Opens a connection to the service's own database. The server is MongoDB (production) or, locally and
 * in CI, SecantusDB, which behaves as MongoDB does where Aura relies on it (docs/adr/0010): a replica
 * set, so retryable writes and multi-document transactions work; no text indexes.
 */
export async function connectMongo(uri: string, dbName: string, logger?: Logger): Promise<Connection> {
  const logSlow = logger?.isLevelEnabled('debug') === true;
  // Mongoose otherwise formats a stack trace (new Error().stack) on every query it runs, only to show
  // where a query was first run should it be run twice (issue 19: defaultPrepareStackTrace was 3.6 % of
  // the profile read's CPU).
  mongoose.set('skipOriginalStackTraces', true);
  const connection = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    autoIndex: true,
    monitorCommands: logSlow,
  });
  if (logger && logSlow) logSlowCommands(connection, logger);
  await connection.asPromise();
  return connection;
}

/** The shape of a command (collection and the field names of its filter), never its values. */
function commandShape(command: Record<string, unknown>): Record<string, unknown> {
  const [name] = Object.keys(command);
  const filter = (command.filter ??
    command.query ??
    (command.updates as { q?: object }[] | undefined)?.[0]?.q) as Record<string, unknown> | undefined;
  return {
    command: name,
    collection: command[name],
    filter: filter ? Object.keys(filter) : undefined,
    sort: command.sort ? Object.keys(command.sort) : undefined,
  };
}

function logSlowCommands(connection: Connection, logger: Logger): void {
  const started = new Map<number, Record<string, unknown>>();
  // Every command is also counted by shape; the costliest shapes are logged every 10 s.
  const totals = new Map<string, { count: number; ms: number }>();
  const client = connection.getClient();
  client.on('commandStarted', (event) => started.set(event.requestId, commandShape(event.command)));
  client.on('commandFailed', (event) => started.delete(event.requestId));
  client.on('commandSucceeded', (event) => {
    const shape = started.get(event.requestId);
    started.delete(event.requestId);
    if (!shape) return;
    const key = JSON.stringify(shape);
    const total = totals.get(key) ?? { count: 0, ms: 0 };
    total.count += 1;
    total.ms += event.duration;
    totals.set(key, total);
    if (event.duration >= SLOW_COMMAND_MS)
      logger.debug({ mongo: shape, ms: Math.round(event.duration) }, 'slow MongoDB command');
  });
  setInterval(() => {
    if (totals.size === 0) return;
    const costliest = [...totals.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 12)
      .map(([shape, total]) => ({ ...total, ms: Math.round(total.ms), shape }));
    totals.clear();
    logger.debug({ costliest }, 'MongoDB commands in the last 10 s');
  }, 10_000).unref();
}
export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('MongoDB connection is not open');
  await connection.db.command({ ping: 1 });
}

/** The database name of a service, with the run's suffix (tests use their own databases). */
export function databaseName(service: string, suffix = ''): string {
  return `aura_${service}${suffix ? `_${suffix}` : ''}`;
}
