import type { ClientSession, Connection } from 'mongoose';

/**
 * Runs `work` in one multi-document transaction and commits it: every write made with the session is
 * applied together or not at all. The driver runs `work` again on a transient error (a write conflict
 * with a concurrent transaction) and retries an unknown commit result, so `work` must only write through
 * the session and may run more than once; it must not have effects outside the database.
 */
export async function inTransaction<T>(
  connection: Connection,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> {
  const session = await connection.startSession();
  try {
    let result: T | undefined;
    await session.withTransaction(
      async () => {
        result = await work(session);
      },
      { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
    );
    return result as T;
  } finally {
    await session.endSession();
  }
}
