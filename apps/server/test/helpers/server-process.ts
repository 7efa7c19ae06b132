import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

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

/**
 * The real server (`apps/server/src/server.ts`, from source) in a process of its own, for tests
 * that crash it or stop it. Resolves once `/api/health` answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Options for node itself (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
): Promise<TServerProcess> {
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
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
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
