// Sets the runtime parameters Aura relies on, on the local MongoDB server (up.sh runs it on every start:
// SecantusDB takes them with `setParameter` only, and forgets them when it restarts).
//   node deploy/local/configure-mongodb.mjs mongodb://127.0.0.1:27017
//
// transactionLifetimeLimitSeconds: how long a transaction nobody ends (its process was killed in the
// middle of it) keeps the documents it wrote before the server aborts it. Meanwhile every write to those
// documents waits (SecantusDB) or conflicts and retries (MongoDB): after an economy instance is killed,
// the member accounts of its open ledger transactions are frozen this long. MongoDB's default is 60 s;
// Aura's transactions take milliseconds, so 10 s (AURA_MONGODB_TRANSACTION_LIFETIME_S) is plenty for
// them and a killed instance freezes accounts for a sixth of the time. docker-compose.yml and
// docs/operations.md set the same for MongoDB itself.
import { MongoClient } from 'mongodb';

const [uri] = process.argv.slice(2);
const seconds = Number(process.env.AURA_MONGODB_TRANSACTION_LIFETIME_S || 10);
if (!uri || !Number.isInteger(seconds) || seconds < 1) {
  console.error('usage: [AURA_MONGODB_TRANSACTION_LIFETIME_S=10] node configure-mongodb.mjs <uri>');
  process.exit(2);
}
const client = new MongoClient(uri, { directConnection: true, serverSelectionTimeoutMS: 5000 });
try {
  await client.db('admin').command({ setParameter: 1, transactionLifetimeLimitSeconds: seconds });
} finally {
  await client.close().catch(() => {});
}
