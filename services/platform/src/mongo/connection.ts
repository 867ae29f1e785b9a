import mongoose, { Connection } from 'mongoose';

/**
 * Opens a connection to the service's own database. The code must run unchanged on MongoDB and on
 * FerretDB (no transactions, $lookup, $facet, $sample, TTL or text indexes: see ARCHITECTURE.md §4).
 */
export async function connectMongo(uri: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    autoIndex: true,
    // FerretDB runs as a standalone server: no retryable writes.
    retryWrites: false,
  });
  await connection.asPromise();
  return connection;
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('MongoDB connection is not open');
  await connection.db.command({ ping: 1 });
}

/** The database name of a service, with the run's suffix (tests use their own databases). */
export function databaseName(service: string, suffix = ''): string {
  return `aura_${service}${suffix ? `_${suffix}` : ''}`;
}
