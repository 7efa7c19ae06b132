/**
 * A second process for the one-process-per-DATA_DIR tests: takes the lock of the DATA_DIR given as
 * its argument, says `held`, and waits until it is killed (with SIGKILL, a crash leaves its lock).
 */
import { lockDataDir } from '../../src/db/data-dir-lock.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <DATA_DIR>');
lockDataDir(dataDir);
process.stdout.write('held\n');
setInterval(() => {}, 60_000);
