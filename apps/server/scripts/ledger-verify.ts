/**
 * `npm run ledger:verify`: recomputes every balance from the ledger entries and reports any
 * difference with the cached balance columns.
 *
 * It opens the same database as the server (DATA_DIR or DATABASE_URL). The embedded database takes
 * one process at a time: while a server holds it, the script does not open it and says to ask that
 * server instead. With MERIDIAN_URL (the server's address) and an admin's ADMIN_EMAIL and
 * ADMIN_PASSWORD, it signs in there and prints the report of GET /api/admin/ledger/verify; the
 * admin's second factor (required for admins) is the current code of their authenticator app, given
 * as ADMIN_TOTP_CODE (docs/security.md, "Two-factor sign-in").
 *
 * Exit code: 0 the ledger reconciles, 1 differences found, 2 the check could not run.
 */
import { getLedgerReport } from '@meridian/contracts/endpoints/ledger';
import { type TLedgerReport, ZLedgerReport } from '@meridian/contracts/ledger';
import { loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { verifyLedger } from '../src/ledger/verify.ts';

/** The check could not run: the message says why and what to do. */
class CannotVerify extends Error {}

const config = loadConfig();
const serverUrl = process.env.MERIDIAN_URL;
try {
  const report = serverUrl ? await reportOfServer(serverUrl, config) : await reportOfDatabase(config);
  print(report);
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  if (!(err instanceof CannotVerify)) throw err;
  console.error(err.message);
  process.exitCode = 2;
}

async function reportOfDatabase(config: TConfig): Promise<TLedgerReport> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new CannotVerify(
      `The embedded database in ${err.dataDir} is held by a running server (PID ${err.pid}); ` +
        'this script does not open it while the server runs. Ask the running server instead:\n' +
        '  MERIDIAN_URL=http://localhost:3000 ADMIN_EMAIL=<admin email> ADMIN_PASSWORD=<password> npm run ledger:verify\n' +
        `or, signed in as an admin, GET /api${getLedgerReport.path}.`,
    );
  }
  try {
    return await verifyLedger(database.db);
  } finally {
    await database.close();
  }
}

/** Signs in at `baseUrl` as the admin of ADMIN_EMAIL / ADMIN_PASSWORD, asks for the report, signs out. */
async function reportOfServer(baseUrl: string, config: TConfig): Promise<TLedgerReport> {
  if (!config.ADMIN_PASSWORD) {
    throw new CannotVerify("MERIDIAN_URL is set: give an admin's ADMIN_EMAIL and ADMIN_PASSWORD to sign in there.");
  }
  const api = (path: string) => new URL(`/api${path}`, baseUrl);
  const signIn = await request(api('/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }),
  });
  if (!signIn.ok)
    throw new CannotVerify(`Signing in at ${baseUrl} as ${config.ADMIN_EMAIL} failed: ${await reason(signIn)}`);
  let signedIn = signIn;
  const first = (await signIn.json()) as { accessToken?: string; challenge?: string };
  if (first.challenge) {
    const code = process.env.ADMIN_TOTP_CODE;
    if (!code) {
      throw new CannotVerify(
        `${config.ADMIN_EMAIL} signs in with a second factor: give the current code of the authenticator app as ADMIN_TOTP_CODE.`,
      );
    }
    signedIn = await request(api('/login/second-factor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: first.challenge, code }),
    });
    if (!signedIn.ok) {
      throw new CannotVerify(
        `The second factor of ${config.ADMIN_EMAIL} at ${baseUrl} failed: ${await reason(signedIn)}`,
      );
    }
  }
  const { accessToken } = first.challenge
    ? ((await signedIn.json()) as { accessToken: string })
    : (first as { accessToken: string });
  const session = {
    authorization: `Bearer ${accessToken}`,
    cookie: signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  try {
    const answer = await request(api(getLedgerReport.path), { headers: session });
    if (!answer.ok) throw new CannotVerify(`${baseUrl} did not answer the ledger check: ${await reason(answer)}`);
    return ZLedgerReport.parse(await answer.json());
  } finally {
    // End the session the script opened; the report stands whether this works or not.
    await fetch(api('/logout'), { headers: session }).catch(() => undefined);
  }
}

async function request(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    throw new CannotVerify(`Could not reach ${url.origin}: ${(err as Error).cause ?? (err as Error).message}`);
  }
}

/** The server's message of a refusal, or its status. */
async function reason(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? `${res.status} ${body.message}` : `${res.status} ${res.statusText}`;
}

function print(report: TLedgerReport) {
  console.log(`users checked: ${report.usersChecked}; ledger total: ${report.total} cents`);
  for (const d of report.differences) {
    console.log(`DIFFERENCE user ${d.userId} ${d.account}: cached ${d.cached}, ledger ${d.ledger}`);
  }
  for (const id of report.unbalancedTransactions) console.log(`UNBALANCED transaction ${id}`);
  console.log(report.ok ? 'ledger: ok' : 'ledger: DIFFERENCES FOUND');
}
