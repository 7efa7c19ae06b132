import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm test`'s first step, scripts/test-prerequisites.sh (docs/architecture.md, "Tests"): with
 * everything there it only looks; where it cannot install what is missing it stops at once and
 * prints the commands to run. Its installing branch (Debian, root) is CI's fresh machine's to show:
 * here it would change the machine.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'test-prerequisites.sh');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface TRun {
  code: number | null;
  stderr: string;
  ms: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<TRun> {
  const began = performance.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: 60_000 }, (err, _stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, stderr, ms: performance.now() - began });
    });
  });
}

/** A folder for PATH holding only `commands` (linked from this machine's), so the rest look uninstalled. */
function pathWith(commands: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-path-'));
  dirs.push(dir);
  const searched = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/bin'];
  for (const name of commands) {
    const found = searched.map((d) => join(d, name)).find((p) => existsSync(p) && statSync(p).isFile());
    if (!found) throw new Error(`${name} is not on this machine`);
    symlinkSync(found, join(dir, name));
  }
  chmodSync(dir, 0o755);
  return dir;
}

/** What the script needs to run at all, and the tools of PostgreSQL, present on this machine. */
const SHELL = ['bash', 'sed', 'grep', 'ls', 'sort', 'tail', 'id', 'seq', 'cat', 'psql', 'pg_isready'];

/** This machine's own answers to what the script asks (a Chromium elsewhere, other servers). */
const base: NodeJS.ProcessEnv = {
  HOME: process.env.HOME ?? '/tmp',
  LANG: 'C.UTF-8',
  ...Object.fromEntries(
    ['CHROMIUM_PATH', 'E2E_POSTGRES_URL', 'TEST_REDIS_URL'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  ),
};

describe('npm test first makes sure of what the tests need', () => {
  it('passes, and quickly, when everything is installed and running', async () => {
    const result = await run('bash', [SCRIPT], { ...base, PATH: process.env.PATH });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // A second or two on a quiet machine; generous for a loaded one.
    expect(result.ms).toBeLessThan(15_000);
  });

  it('stops at once when the Chromium it is pointed at does not exist', async () => {
    const result = await run('bash', [SCRIPT], {
      ...base,
      PATH: process.env.PATH,
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CHROMIUM_PATH is set, but /nonexistent/chromium is not an executable');
  });

  it('stops at once when the Redis it is pointed at does not answer', async () => {
    const result = await run('bash', [SCRIPT], {
      ...base,
      PATH: process.env.PATH,
      TEST_REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('TEST_REDIS_URL is set, but Redis does not answer there');
  });

  // Only root can show the script to an ordinary user; as one already, the machine is not changed.
  it.runIf(process.getuid?.() === 0)(
    'as an ordinary user missing Redis and promtool, prints the commands to run and installs nothing',
    async () => {
      const path = pathWith(SHELL);
      // A copy nobody can read: the work tree may sit in root's home.
      const script = join(path, 'test-prerequisites.sh');
      copyFileSync(SCRIPT, script);
      chmodSync(script, 0o755);
      // setpriv (util-linux, in every Debian install) runs the script as nobody; found by its full path.
      const result = await run(
        '/usr/bin/setpriv',
        ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'bash', script],
        { ...base, HOME: '/tmp', PATH: path },
        path,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('npm test cannot run here yet');
      expect(result.stderr).toContain('not installed: redis-server prometheus');
      expect(result.stderr).toContain('apt-get update && apt-get install -y redis-server prometheus');
      expect(result.stderr).toContain(
        "redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no",
      );
      expect(result.stderr).not.toContain('installing');
    },
  );
});
