import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { seedFirstAdmin, seedWithdrawalMethods } from './db/seed.ts';

/**
 * Starts the server: opens the database (migrating it), seeds the first admin and the default
 * withdrawal methods, listens; on SIGTERM or SIGINT it shuts down gracefully (docs/architecture.md,
 * "Shutting down").
 */
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A missing or bad setting: its message alone is what the operator needs, not a stack.
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
})();
const app = await buildApp({ config }).catch((err: unknown) => {
  // Another server runs on this DATA_DIR: say so plainly, before anything was opened or migrated.
  if (!(err instanceof DataDirLockedError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});

const admin = await seedFirstAdmin(app.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
if (admin.created) {
  const secret = admin.generatedPassword
    ? `password (shown only this once): ${admin.generatedPassword}`
    : 'password from ADMIN_PASSWORD';
  process.stdout.write(`\nFirst admin created: ${admin.email}, ${secret}\n\n`);
}

const seededMethods = await seedWithdrawalMethods(app.db);
if (seededMethods > 0) app.log.info(`seeded ${seededMethods} withdrawal methods`);

/** Requests whose answer has not finished (live price streams included), for the shutdown. */
const open = new Map<ServerResponse, { method: string; path: string; since: number }>();
let shuttingDown = false;
app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  // The path only: query strings are never logged (docs/security.md, "Logs").
  open.set(res, { method: req.method ?? '?', path: (req.url ?? '').split('?')[0] ?? '', since: Date.now() });
  if (shuttingDown) res.shouldKeepAlive = false;
  res.once('close', () => {
    open.delete(res);
    // Its connection is idle now: close it, or a kept-alive connection would hold the shutdown.
    if (shuttingDown) app.server.closeIdleConnections();
  });
});

/** Resolves once every connection has ended, after the listening socket was closed. */
let drained: Promise<void> = Promise.resolve();
// onClose hooks run last-added first: this one runs after the framework's own (stop-outs, jobs and
// live streams stopped) and before the app's (market feed, Redis, database), so no answer still
// being written loses its database.
app.addHook('onClose', () => drained);

/**
 * Stops listening at once, lets the requests in flight finish with their normal answers (each
 * then closes its connection), lets the current unit of work of each job commit (jobs/runner.ts),
 * ends the live price streams, closes the database and exits 0. Past SHUTDOWN_TIMEOUT_MS it logs
 * what is still open and exits 1. A repeated signal changes nothing: the deadline is the way out.
 */
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) {
    app.log.warn({ signal }, 'already shutting down');
    return;
  }
  shuttingDown = true;
  app.log.info({ signal, openRequests: open.size }, 'shutting down');
  setTimeout(() => {
    app.log.error(
      {
        openRequests: [...open.values()].map((r) => `${r.method} ${r.path} (${Date.now() - r.since} ms)`),
        runningJobs: app.jobs
          .status()
          .filter((job) => job.running)
          .map((job) => job.name),
      },
      `shutdown still not done after ${config.SHUTDOWN_TIMEOUT_MS} ms: exiting`,
    );
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  // No new connection from here on (idle kept-alive ones close now); the answers still to be
  // written close their connection after them.
  drained = new Promise((resolve) => app.server.close(() => resolve()));
  for (const res of open.keys()) if (!res.headersSent) res.shouldKeepAlive = false;
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('shut down');
  process.exit(0);
}
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Meridian on ${config.PUBLIC_URL}, listening on ${config.HOST}:${config.PORT} (database: ${app.dbKind})`);
