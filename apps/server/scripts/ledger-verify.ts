/**
 * `npm run ledger:verify`: recomputes every balance from the ledger entries and reports any
 * difference with the cached balance columns. Exit code 1 when the ledger does not reconcile.
 */
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { verifyLedger } from '../src/ledger/verify.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const report = await verifyLedger(database.db);
  console.log(`users checked: ${report.usersChecked}; ledger total: ${report.total} cents`);
  for (const d of report.differences) {
    console.log(`DIFFERENCE user ${d.userId} ${d.account}: cached ${d.cached}, ledger ${d.ledger}`);
  }
  for (const id of report.unbalancedTransactions) console.log(`UNBALANCED transaction ${id}`);
  console.log(report.ok ? 'ledger: ok' : 'ledger: DIFFERENCES FOUND');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
