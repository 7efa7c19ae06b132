import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema/users.ts';
import { adminCodeOverHttp } from './helpers/http-second-factor.ts';
import { freePort, runServerFile, type TNodeProcess, waitUntilServing } from './helpers/processes.ts';

/**
 * The real server and `npm run ledger:verify` as separate processes on one embedded database: a
 * second server refuses at once, the script refuses to open the database while the server holds it
 * (or asks the server through the API), and a server killed with SIGKILL does not block the next start.
 */

const ADMIN_EMAIL = 'admin@lock.test';
const ADMIN_PASSWORD = 'lock test password';

let dataDir: string;
let server: TNodeProcess;
let baseUrl: string;

const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
});

/** Runs `npm run ledger:verify` on DATA_DIR; resolves with its exit code and output. */
async function ledgerVerify(env: Record<string, string> = {}) {
  const script = runServerFile('scripts/ledger-verify.ts', [], { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const code = await script.exited;
  return { code, stdout: script.stdout(), stderr: script.stderr() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-one-process-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = runServerFile('src/server.ts', [], serverEnv(port));
  await waitUntilServing(`${baseUrl}/api/health`, server);
}, 90_000);

afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('while a server holds the embedded database', () => {
  it('a second server on the same DATA_DIR refuses at once, naming the folder and the PID, and exits 1', async () => {
    const second = runServerFile('src/server.ts', [], serverEnv(await freePort()));
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`The embedded database in ${dataDir} is in use by another Meridian process`);
    expect(second.stderr()).toContain(`(PID ${server.pid})`);
    expect(second.stdout()).not.toContain('First admin');
    // The first server still serves.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);

  it('ledger:verify does not open it: exit 2, telling the operator to ask the running server', async () => {
    const run = await ledgerVerify({ MERIDIAN_URL: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`The embedded database in ${dataDir} is held by a running server (PID ${server.pid})`);
    expect(run.stderr).toContain('MERIDIAN_URL=');
    expect(run.stderr).toContain('GET /api/admin/ledger/verify');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('with MERIDIAN_URL and the admin’s credentials, ledger:verify prints the running server’s report', async () => {
    // The admin enrols a second factor (required for admins) and gives its current code.
    const ADMIN_TOTP_CODE = await adminCodeOverHttp(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const run = await ledgerVerify({ MERIDIAN_URL: baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_CODE });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('users checked: 1; ledger total: 0 cents\nledger: ok\n');
    expect(run.code).toBe(0);
  }, 60_000);

  it('with a wrong password, ledger:verify says the sign-in failed and exits 2', async () => {
    const run = await ledgerVerify({ MERIDIAN_URL: baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD: 'not the password' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Signing in at ${baseUrl} as ${ADMIN_EMAIL} failed: 401`);
  }, 60_000);
});

describe('after the server was killed with SIGKILL', () => {
  beforeAll(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });

  it('its stale lock does not block the next process: ledger:verify opens the database and checks it', async () => {
    expect(Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toBe(server.pid);
    const run = await ledgerVerify();
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('users checked: 1; ledger total: 0 cents\nledger: ok\n');
    expect(run.code).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('ledger:verify still exits 1 and lists a balance that differs from its entries', async () => {
    const database = await openDatabase({ dataDir });
    let adminId: string | undefined;
    try {
      const [admin] = await database.db
        .update(users)
        .set({ balance: sql`${users.balance} + 5` })
        .where(eq(users.email, ADMIN_EMAIL))
        .returning({ id: users.id });
      adminId = admin?.id;
    } finally {
      await database.close();
    }
    const run = await ledgerVerify();
    expect(run.stdout).toBe(
      'users checked: 1; ledger total: 0 cents\n' +
        `DIFFERENCE user ${adminId} balance: cached 5, ledger 0\n` +
        'ledger: DIFFERENCES FOUND\n',
    );
    expect(run.code).toBe(1);
  }, 60_000);
});
