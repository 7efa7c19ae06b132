/**
 * `npm run db:dump -- <file>` and `npm run db:restore -- <file> [--replace]`: a backup of the
 * embedded database of DATA_DIR, and a database made from one (src/db/embedded-backup.ts;
 * docs/operations.md, "Backups"). A relative <file> is taken from where npm was run.
 *
 * Neither runs while a server holds DATA_DIR (stop it first), nor with DATABASE_URL set (PostgreSQL:
 * pg_dump and pg_restore). A restore refuses a DATA_DIR that already holds a database unless given
 * --replace, which moves that one aside.
 *
 * Exit code: 0 done, 2 refused or wrongly called (the message says why).
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { embeddedDatabaseDir } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { BackupRefused, dumpEmbeddedDatabase, restoreEmbeddedDatabase } from '../src/db/embedded-backup.ts';

const USAGE = 'usage: npm run db:dump -- <file>   |   npm run db:restore -- <file> [--replace]';

const [command, ...args] = process.argv.slice(2);
try {
  await main();
} catch (err) {
  if (err instanceof DataDirLockedError) {
    refuse(
      `The embedded database in ${err.dataDir} is held by a running server (PID ${err.pid}). ` +
        'Stop it first: a backup taken under a running server could be torn, and a restore would be overwritten by it.',
    );
  } else if (err instanceof BackupRefused) {
    refuse(err.message);
  } else {
    throw err;
  }
}

async function main() {
  const config = loadConfig();
  const options = args.filter((a) => a.startsWith('--'));
  const [file, ...extra] = args.filter((a) => !a.startsWith('--'));
  const known = command === 'restore' ? ['--replace'] : [];
  if ((command !== 'dump' && command !== 'restore') || !file || extra.length > 0) return refuse(USAGE);
  const unknown = options.find((o) => !known.includes(o));
  if (unknown) return refuse(`unknown option ${unknown}\n${USAGE}`);
  if (config.DATABASE_URL) {
    return refuse(
      'DATABASE_URL is set: this server uses PostgreSQL, whose own tools back it up ' +
        '(pg_dump --format=custom, pg_restore; docs/operations.md, "Backups").',
    );
  }
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const dataDir = resolve(config.DATA_DIR);
  if (command === 'dump') {
    const bytes = await dumpEmbeddedDatabase(dataDir, path);
    console.log(`dumped the embedded database of ${dataDir} to ${path} (${bytes} bytes)`);
    console.log('Uploaded files are not in it: copy FILES_DIR (default <DATA_DIR>/files) beside it.');
    return;
  }
  const result = await restoreEmbeddedDatabase(path, dataDir, { replace: options.includes('--replace') });
  console.log(`restored ${path} into ${embeddedDatabaseDir(dataDir)}`);
  if (result.replacedDir) {
    console.log(`The database it replaced is in ${result.replacedDir}: delete it once the restored one is checked.`);
  }
  console.log('Check it with `npm run ledger:verify`, then start the server (it applies any newer migrations).');
}

function refuse(message: string) {
  console.error(message);
  process.exitCode = 2;
}
