import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDatabaseDir, PGLITE_EXTENSIONS } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backups of the embedded database (docs/operations.md, "Backups"): `npm run db:dump -- <file>`
 * writes the whole database of DATA_DIR to one file (a gzipped tar of PGlite's data folder, from
 * PGlite's `dumpDataDir`), and `npm run db:restore -- <file>` makes a DATA_DIR's database from one
 * (PGlite's `loadDataDir`). Uploaded files (FILES_DIR) are not in it: copy that folder beside it.
 *
 * Both take DATA_DIR's lock first (data-dir-lock.ts), so neither runs while a server has the
 * database open: a copy taken under a running server could be torn, and a restore under one would
 * be overwritten by it. PostgreSQL has its own tools for this (pg_dump, pg_restore).
 */

/** A backup that was not made or not restored; the message says why and what to do. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

/** Writes the embedded database of `dataDir` to `file` (a new file); answers its size in bytes. */
export async function dumpEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  if (existsSync(file)) throw new BackupRefused(`${file} already exists: name a new file, or delete that one first.`);
  const lock = lockDataDir(dataDir);
  try {
    const dir = embeddedDatabaseDir(dataDir);
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupRefused(`There is no embedded database in ${dir}.`);
    const client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    // Written beside its name first, so an interrupted dump never leaves a file that looks whole.
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes, { flag: 'wx' });
    renameSync(partial, file);
    return bytes.length;
  } finally {
    lock.release();
  }
}

export interface TRestoreResult {
  /** Where the database the restore replaced was moved (with `replace`), to delete once checked. */
  replacedDir?: string;
}

/**
 * Makes the embedded database of `dataDir` from a dump. Refuses when `dataDir` already holds a
 * database, unless `replace`: that one is then moved aside (`pglite.replaced-<time>`), not deleted,
 * and moved back if the dump cannot be loaded.
 */
export async function restoreEmbeddedDatabase(
  file: string,
  dataDir: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<TRestoreResult> {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist.`);
  const dump = new Blob([readFileSync(file)]);
  const lock = lockDataDir(dataDir);
  try {
    const dir = embeddedDatabaseDir(dataDir);
    const result: TRestoreResult = {};
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!replace) {
        throw new BackupRefused(
          `${dir} already holds a database: restore into an empty DATA_DIR, or add --replace to move that one aside.`,
        );
      }
      result.replacedDir = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, result.replacedDir);
    }
    mkdirSync(dir, { recursive: true });
    try {
      const client = await PGlite.create({ dataDir: dir, loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      if (result.replacedDir) renameSync(result.replacedDir, dir);
      throw new BackupRefused(`${file} could not be loaded as a database dump (${(err as Error).message}).`);
    }
    return result;
  } finally {
    lock.release();
  }
}
