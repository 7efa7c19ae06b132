import { closeSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process per embedded database. PGlite keeps its files in DATA_DIR and has no locking of its
 * own: two processes opening the same folder would both write to it. So the process that opens it
 * first leaves a lock file there naming its PID; any other process finding that file, while that
 * PID is alive, refuses before it touches the database. A lock whose process has died (kill -9, a
 * crash, a power cut) is stale: the next start takes it over.
 *
 * Why not a package (proper-lockfile): it judges staleness by the file's age, refreshed on a timer,
 * so a crashed server blocks the next start for its whole stale period, and it does not record who
 * holds the lock, which the refusal should name.
 */

export const LOCK_FILE = 'meridian.lock';

/** The embedded database in `dataDir` is open in another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Meridian process (PID ${pid}). ` +
        'Only one process may open it: stop that one first, or give this one another DATA_DIR. ' +
        `If no such process runs, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
}

/**
 * Lock files this process holds, each with the lock that took it: a lock file naming our own PID
 * that is not here is a previous life's, and a released lock cannot remove a later one's file.
 */
const held = new Map<string, object>();

/**
 * Takes the lock of `dataDir` (created if missing), or throws `DataDirLockedError` naming the PID
 * that holds it. Synchronous, so nothing else of the start-up runs in between.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  // Each round either takes the lock, refuses, or clears a stale lock and tries again. Another
  // process taking the lock between our rounds makes the next round refuse, so few are needed.
  for (let round = 0; round < 10; round++) {
    if (createExclusive(path, `${process.pid}\n`)) {
      const token = {};
      held.set(path, token);
      // A crash that still runs 'exit' handlers (an uncaught error) leaves no lock behind.
      const onExit = () => release(path, token);
      process.once('exit', onExit);
      return {
        path,
        release: () => {
          process.off('exit', onExit);
          release(path, token);
        },
      };
    }
    const holder = readPid(path);
    if (holder === 'missing') continue;
    if (holder !== null && isAlive(holder, path)) throw new DataDirLockedError(dir, holder, path);
    if (!takeOverStale(path, holder)) pause(20);
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing hands`);
}

/**
 * Creates `path` holding `content`, only if it does not exist. The content is written to a file of
 * our own first and then hard-linked into place: the link either appears whole or fails with EEXIST,
 * so nobody ever reads a lock file without its PID.
 */
function createExclusive(path: string, content: string): boolean {
  const draft = `${path}.${process.pid}.tmp`;
  const fd = openSync(draft, 'w');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(draft);
  }
}

/** The PID a lock file names; null when it names none (not ours to judge: taken as stale). */
function readPid(path: string): number | null | 'missing' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number, path: string): boolean {
  // Our own PID in a lock we do not hold: written by an earlier process that had the same PID (a
  // container restarted after a crash starts again as PID 1).
  if (pid === process.pid) return held.has(path);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock; false when another process is doing so. Two processes may find the same stale lock at once: a second, exclusive
 * file makes one of them do the removal, after reading the lock again, so a lock taken meanwhile
 * by a live process is never removed. A takeover file left by a process that died during those
 * few lines is itself removed when its process is gone.
 */
function takeOverStale(path: string, stalePid: number | null): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, `${process.pid}\n`)) {
    const guardPid = readPid(guard);
    if (guardPid !== 'missing' && (guardPid === null || !isAlive(guardPid, guard))) removeIfExists(guard);
    return false;
  }
  try {
    if (readPid(path) === stalePid) removeIfExists(path);
    return true;
  } finally {
    removeIfExists(guard);
  }
}

/** Waits `ms` milliseconds without giving up the thread (the lock is taken synchronously). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function release(path: string, token: object) {
  if (held.get(path) !== token) return;
  held.delete(path);
  if (readPid(path) === process.pid) removeIfExists(path);
}

function removeIfExists(path: string) {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
