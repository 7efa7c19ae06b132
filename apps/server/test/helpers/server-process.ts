import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface TServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, as in a crash. */
  kill(): Promise<void>;
  /** Resolves with how the process ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it has written so far (the log goes to stdout; LOG_LEVEL decides how much: the last 1 MB kept). */
  stdout(): string;
  stderr(): string;
}

/** The most of its standard output a test keeps: a chatty LOG_LEVEL must not grow without bound. */
const MAX_STDOUT = 1024 * 1024;

/** A server that could not listen because another process took its port between `freePort` and its start. */
class PortTakenError extends Error {}

/**
 * The real server (`apps/server/src/server.ts`, from source) in a process of its own, for tests
 * that crash it or stop it. Resolves once `/api/health` answers from this process. A port that
 * another test's server took first (the other worker starts servers too) is given up for a new one.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Options for node itself (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
): Promise<TServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env, nodeArgs);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt === 3) throw err;
    }
  }
}

async function startOnFreePort(env: Record<string, string>, nodeArgs: string[]): Promise<TServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--conditions=source', '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Its own address, which a server started with NODE_ENV=production (the benchmarks) requires.
        PUBLIC_URL: `http://localhost:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout = (stdout + String(chunk)).slice(-MAX_STDOUT);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const message = `server exited (${child.exitCode ?? child.signalCode}): ${stderr}`;
      throw stderr.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
    try {
      // Another test's server on this port answers too, until this one fails to listen on it.
      if ((await fetch(`${url}/api/health`)).ok && child.pid !== undefined && listensOn(child.pid, port)) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/**
 * Whether process `pid` holds the listening socket of TCP `port` (Linux's /proc): the listening
 * sockets of the port by inode, matched against the process's open sockets.
 */
function listensOn(pid: number, port: number): boolean {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st … inode: state 0A is LISTEN.
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(portHex) && inode) inodes.add(inode);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}
