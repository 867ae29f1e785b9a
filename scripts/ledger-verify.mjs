// `npm run ledger:verify`: recomputes every balance of the economy ledger from its transfers and prints
// the report (docs/adr/0005-ledger.md). Reads the database directly with the service's own checker, so
// it also works while the economy service is down. Exit code 1 when the ledger does not add up.
//   npm run ledger:verify                      the development database (aura_economy)
//   AURA_DB_SUFFIX=test npm run ledger:verify  another run's database
// Needs `npm run build` (it loads services/economy/dist) and MongoDB.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot, stackEnv } from './lib/env.mjs';

const env = stackEnv();
const require = createRequire(import.meta.url);
const dist = join(repoRoot, 'services', 'economy', 'dist');
if (
  !existsSync(join(dist, 'ledger', 'ledger-verifier.js')) ||
  !existsSync(join(dist, 'ledger', 'ledger.repository.js'))
) {
  console.error('services/economy is not built: run npm run build');
  process.exit(2);
}
const { connectMongo, databaseName } = require('@aura/platform');
const { LedgerRepository } = require(join(dist, 'ledger', 'ledger.repository.js'));
const { verifyLedger } = require(join(dist, 'ledger', 'ledger-verifier.js'));

const dbName = databaseName('economy', env.AURA_DB_SUFFIX ?? '');
const mongo = await connectMongo(env.MONGODB_URI, dbName);
try {
  const store = new LedgerRepository(mongo);
  // The collections the check reads (a database economy never started in has none yet).
  await store.ensureCollections();
  const report = await verifyLedger(store);
  console.log(JSON.stringify({ database: dbName, ...report }, null, 2));
  console.log(
    report.ok
      ? `ledger OK: ${report.transfers} transfers, ${report.memberAccounts} member accounts, sum ${report.sumMicro}`
      : `ledger NOT OK: ${report.mismatches.length} mismatches, ${report.negativeBalances.length} negative balances, sum ${report.sumMicro}`,
  );
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await mongo.close();
}
