/**
 * `npm run demo`: fills an empty platform with labelled demo content (src/demo/demo-data.ts), on the
 * same database the server uses (DATA_DIR or DATABASE_URL). Run it before `npm start`, or stop the
 * server first: the embedded database takes one process at a time. Like the server, it runs the market
 * feed (MARKET_PROVIDER, its candles stored) while it works, so the demo's positions and signals trade
 * at market prices; the server then continues from the candles it stored.
 *
 * Exit code: 0 done, 1 refused (the platform already has clients) or failed.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema/users.ts';
import { seedFirstAdmin, seedWithdrawalMethods } from '../src/db/seed.ts';
import { DemoRefused, refuseUnlessEmpty, seedDemo } from '../src/demo/demo-data.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { loggerOptions } from '../src/lib/log-redaction.ts';
import { Mailer } from '../src/modules/platform/mail/index.ts';
import { CandleRecorder } from '../src/modules/trading/market/candle-recorder.ts';
import { ExitMonitor } from '../src/modules/trading/positions/exit-monitor.ts';
import { createMarket } from '../src/providers/market/create-market.ts';
import type { MarketData } from '../src/providers/market/market-data.ts';

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
// The app's logger (same level and redaction), for the market and the stop-out watch.
const logHost = Fastify({ logger: loggerOptions(config) });
let market: MarketData | undefined;
let exits: ExitMonitor | undefined;
try {
  const admin = await seedFirstAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin.generatedPassword) {
    console.log(`First admin created: ${admin.email}, password (shown only this once): ${admin.generatedPassword}`);
  }
  await seedWithdrawalMethods(db);
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1);
  if (!first) throw new Error('no admin');
  await refuseUnlessEmpty(db);
  // The market as the server runs it: its feed started, its candles stored, stop-outs watched.
  market = createMarket(config, logHost.log, new CandleRecorder(db, logHost.log));
  await market.start();
  // The demo's clients have no real addresses: their notices' mails stay in the outbox, even with SMTP_URL.
  const mail = new Mailer({
    transport: undefined,
    from: config.MAIL_FROM,
    siteUrl: config.PUBLIC_URL,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    log: logHost.log,
  });
  exits = new ExitMonitor(db, market, logHost.log, mail);
  await exits.start();
  console.log('Adding demo content (up to a minute or two: its positions wait for the market to move)…');
  const summary = await seedDemo(db, first.id, { market, commissionBps: config.COMMISSION_BPS, exits, mail });
  const { trading } = summary;
  const report = await verifyLedger(db);
  console.log(
    [
      'Demo content added (every demo client, address and note says DEMO):',
      `  ${summary.depositMethods} deposit methods, ${summary.plans} investment plans, ${summary.investments} investments, ${summary.payoutsPaid} payouts paid`,
      `  ${trading.positionsOpen} open positions; ${trading.positionsClosed} closed (by a client, by the desk, at expiry)`,
      `  ${trading.signals} signals (${trading.settledResult ? `pending, active, settled as a ${trading.settledResult}` : 'pending, active'}), ${trading.signalTrades} clients' trades on them`,
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
  // As the server closes: the stop-out watch, then the feed, writing its last candles, then the database.
  await exits?.stop();
  await market?.stop();
  await logHost.close();
  await database.close();
}
