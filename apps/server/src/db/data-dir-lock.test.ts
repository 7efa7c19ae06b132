import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runServerFile, type TNodeProcess } from '../../test/helpers/processes.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/** One process per embedded database: the lock of DATA_DIR (data-dir-lock.ts) as openDatabase takes it. */

let dataDir: string;
let holder: TNodeProcess | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-lock-'));
});
afterEach(async () => {
  if (holder && holder.child.exitCode === null && holder.child.signalCode === null) {
    holder.child.kill('SIGKILL');
    await holder.exited;
  }
  holder = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another process that takes the lock of `dataDir` and keeps it until killed. */
async function holdInAnotherProcess(): Promise<TNodeProcess> {
  holder = runServerFile('test/helpers/hold-data-dir.ts', [dataDir], {});
  await holder.printed('held');
  return holder;
}

const lockFile = () => join(dataDir, LOCK_FILE);
const lockedBy = () => Number(readFileSync(lockFile(), 'utf8').trim());

/** The refusal `open` ended in. */
async function refusal(open: () => unknown): Promise<DataDirLockedError> {
  try {
    await open();
  } catch (err) {
    if (err instanceof DataDirLockedError) return err;
    throw err;
  }
  throw new Error('expected DataDirLockedError');
}

describe('the lock of DATA_DIR', () => {
  it('refuses a second holder while another live process holds it, naming the folder and the PID, before opening anything', async () => {
    const other = await holdInAnotherProcess();
    const err = await refusal(() => openDatabase({ dataDir }));
    expect(err.pid).toBe(other.pid);
    expect(err.dataDir).toBe(dataDir);
    expect(err.message).toContain(`The embedded database in ${dataDir} is in use by another Meridian process`);
    expect(err.message).toContain(`(PID ${other.pid})`);
    // Refused before PGlite was created or any migration ran: the folder holds the lock file only.
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE]);
    expect(lockedBy()).toBe(other.pid);
  });

  it('takes over the lock of a process that was killed (kill -9), and gives it up on close', async () => {
    const other = await holdInAnotherProcess();
    other.child.kill('SIGKILL');
    expect(await other.exited).toBe('SIGKILL');
    expect(lockedBy()).toBe(other.pid); // a kill -9 runs no clean-up

    const database = await openDatabase({ dataDir });
    try {
      expect(lockedBy()).toBe(process.pid);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
      // Held now: the same process opening it again is refused too.
      expect((await refusal(() => openDatabase({ dataDir }))).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    expect(existsSync(lockFile())).toBe(false);
  });

  it('is free again once released, and a release of a lock taken over since removes nothing', () => {
    const first = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    first.release();
    expect(existsSync(lockFile())).toBe(false);
    const second = lockDataDir(dataDir);
    first.release();
    expect(lockedBy()).toBe(process.pid);
    second.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it.each([
    ['names no PID', 'not a pid\n'],
    ['names this PID, left by an earlier process that had it (a restarted container)', `${process.pid}\n`],
    ['is empty', ''],
  ])('takes over a lock file that %s', (_case, content) => {
    writeFileSync(lockFile(), content);
    const lock = lockDataDir(dataDir);
    expect(lockedBy()).toBe(process.pid);
    lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
