/**
 * `npm run demo`: fills an empty platform with labelled demo content (src/demo/demo-data.ts), on the
 * same database the server uses (DATA_DIR or DATABASE_URL). Run it before `npm start`, or stop the
 * server first: the embedded database takes one process at a time.
 *
 * Exit code: 0 done, 1 refused (the platform already has clients) or failed.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema/users.ts';
import { seedFirstAdmin, seedWithdrawalMethods } from '../src/db/seed.ts';
import { DemoRefused, seedDemo } from '../src/demo/demo-data.ts';
import { verifyLedger } from '../src/ledger/verify.ts';

const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(`${err.message}\nStop the server, run \`npm run demo\`, then start it again.`);
  process.exit(1);
}
const { db } = database;
try {
  const admin = await seedFirstAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin.generatedPassword) {
    console.log(`First admin created: ${admin.email}, password (shown only this once): ${admin.generatedPassword}`);
  }
  await seedWithdrawalMethods(db);
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1);
  if (!first) throw new Error('no admin');
  const summary = await seedDemo(db, first.id);
  const report = await verifyLedger(db);
  console.log(
    [
      'Demo content added (every demo client, address and note says DEMO):',
      `  ${summary.depositMethods} deposit methods, ${summary.plans} investment plans, ${summary.investments} investments, ${summary.payoutsPaid} payouts paid`,
      `  clients (password ${summary.password}):`,
      ...summary.clients.map((c) => `    ${c.name} <${c.email}>`),
      `  ledger check: ${report.ok ? 'every balance matches its entries' : 'DIFFERENCES FOUND'}`,
      'Start the app with `npm start` and sign in as one of them, or as the admin.',
    ].join('\n'),
  );
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  if (!(err instanceof DemoRefused)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
