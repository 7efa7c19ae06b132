import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { seedFirstAdmin, seedWithdrawalMethods } from './db/seed.ts';

/** Starts the server: opens the database (migrating it), seeds the first admin and the default withdrawal methods, listens. */
const config = loadConfig();
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

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Meridian on http://localhost:${config.PORT} (database: ${app.dbKind})`);
