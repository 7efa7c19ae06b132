import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../test/helpers/factories.ts';
import { BALANCE_COLUMNS } from '../../test/helpers/payout-fixtures.ts';
import { runServerFile } from '../../test/helpers/processes.ts';
import { mustFund } from '../../test/helpers/withdrawal-api.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { openDatabase } from './client.ts';
import { users } from './schema/users.ts';

/**
 * `npm run db:dump` and `npm run db:restore` as the operator runs them, as processes of their own, on
 * an embedded database with clients and money: the restored copy holds the same balances and its
 * ledger verifies. Embedded only (the scripts refuse PostgreSQL), whatever DATABASE_URL says.
 */

let root: string;
/** The DATA_DIR backed up, and the one restored into. */
let source: string;
let target: string;
let dumpFile: string;
let balancesBefore: TBalanceRow[];

type TBalanceRow = Awaited<ReturnType<typeof balancesIn>>[number];

/** Every user's balance columns in the embedded database of `dataDir` (closed again after reading). */
async function balancesIn(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .select({ email: users.email, ...BALANCE_COLUMNS })
      .from(users)
      .orderBy(asc(users.email));
    return rows;
  } finally {
    await database.close();
  }
}

async function ledgerOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await verifyLedger(database.db);
  } finally {
    await database.close();
  }
}

/** Runs the backup script (`dump` or `restore`) on DATA_DIR `dataDir`; resolves with its exit code and output. */
async function backup(command: 'dump' | 'restore', args: string[], dataDir: string, env: Record<string, string> = {}) {
  const script = runServerFile('scripts/db-backup.ts', [command, ...args], { DATA_DIR: dataDir, ...env });
  const code = await script.exited;
  return { code, stdout: script.stdout(), stderr: script.stderr() };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'meridian-backup-'));
  source = join(root, 'source');
  target = join(root, 'target');
  dumpFile = join(root, 'meridian.tar.gz');
  // A server's worth of data: clients credited, debited and given profit through the API.
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { DATA_DIR: source, WEB_DIST: '/nonexistent', MARKET_TICK_MS: 0, MARKET_HISTORY_MINUTES: 0 },
  );
  const database = await openDatabase({ dataDir: source });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const admin = await signIn(app, (await createUser(app, 'Admin')).email);
    for (const [i, amount] of ['1250.75', '99.99', '0.01'].entries()) {
      const client = await createUser(app, 'Client', { email: `client${i}@backup.test` });
      await mustFund(app, admin, client.id, amount);
      if (i === 0) {
        // A debit, then a profit.
        for (const [url, amount, reason] of [
          [`/api/user/debit/${client.id}`, '250.25', 'Correction'],
          [`/api/trade/profit/${client.id}`, '10', 'Trading result'],
        ]) {
          const res = await app.inject({ method: 'POST', url, headers: admin.headers, payload: { amount, reason } });
          expect(res.statusCode, res.body).toBe(200);
        }
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  balancesBefore = await balancesIn(source);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run db:dump / db:restore (embedded database)', () => {
  it('refuses to dump while a server holds DATA_DIR', async () => {
    const holder = runServerFile('test/helpers/hold-data-dir.ts', [source], {});
    try {
      await holder.printed('held');
      const refused = await backup('dump', [dumpFile], source);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`held by a running server (PID ${holder.pid})`);
      expect(existsSync(dumpFile)).toBe(false);
    } finally {
      holder.child.kill('SIGKILL');
      await holder.exited;
    }
  }, 60_000);

  it('dumps, then restores into a new folder with the same balances and a clean ledger', async () => {
    const dumped = await backup('dump', [dumpFile], source);
    expect(dumped.code, dumped.stderr).toBe(0);
    expect(dumped.stdout).toContain(`to ${dumpFile}`);
    expect(readdirSync(root)).toContain('meridian.tar.gz');

    const restored = await backup('restore', [dumpFile], target);
    expect(restored.code, restored.stderr).toBe(0);

    const after = await balancesIn(target);
    expect(after).toEqual(balancesBefore);
    // The money is really there (not two empty databases alike).
    expect(after.filter((row) => row.balance > 0n).map((row) => [row.email, row.balance, row.profit])).toEqual([
      ['client0@backup.test', 100_050n, 1_000n],
      ['client1@backup.test', 9_999n, 0n],
      ['client2@backup.test', 1n, 0n],
    ]);
    const report = await ledgerOf(target);
    expect(report).toMatchObject({ ok: true, differences: [], unbalancedTransactions: [], total: '0' });
    expect(report.usersChecked).toBe(balancesBefore.length);
  }, 120_000);

  it('refuses to restore over a database unless told to replace it, which moves that one aside', async () => {
    const refused = await backup('restore', [dumpFile], target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already holds a database');

    const replaced = await backup('restore', [dumpFile, '--replace'], target);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/The database it replaced is in .*pglite\.replaced-/);
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
    expect(await balancesIn(target)).toEqual(balancesBefore);
  }, 120_000);

  it('refuses what it cannot do, saying why: an existing dump file, no database, PostgreSQL, a bad file', async () => {
    const notADump = join(root, 'not-a-dump.tar.gz');
    writeFileSync(notADump, 'hello');
    const [existing, empty, postgres, garbage] = await Promise.all([
      backup('dump', [dumpFile], source),
      backup('dump', [join(root, 'other.tar.gz')], join(root, 'empty')),
      backup('dump', [join(root, 'pg.tar.gz')], source, { DATABASE_URL: 'postgres://127.0.0.1:1/none' }),
      backup('restore', [notADump], join(root, 'garbage')),
    ]);
    expect(existing).toMatchObject({ code: 2, stderr: expect.stringContaining('already exists') });
    expect(empty).toMatchObject({ code: 2, stderr: expect.stringContaining('no embedded database') });
    expect(postgres).toMatchObject({ code: 2, stderr: expect.stringContaining('pg_dump') });
    expect(garbage).toMatchObject({ code: 2, stderr: expect.stringContaining('could not be loaded') });
    // The failed restore leaves no half-made database behind.
    expect(readdirSync(join(root, 'garbage')).filter((name) => name.startsWith('pglite'))).toEqual([]);
  }, 120_000);
});
