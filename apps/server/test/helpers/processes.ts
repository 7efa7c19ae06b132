import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** Server scripts run as separate Node processes, from source, as `npm run` runs them. */

const SERVER_ROOT = resolve(import.meta.dirname, '../..');

export interface TNodeProcess {
  child: ChildProcess;
  /** Its PID: the Node process itself (no npx or shell in between). */
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
  /** Resolves once its standard output holds `text`; rejects if it ends first. */
  printed(text: string): Promise<void>;
}

/** Runs `apps/server/<file>` under Node with tsx, with `env` on top of this environment less DATABASE_URL. */
export function runServerFile(file: string, args: string[], env: Record<string, string>): TNodeProcess {
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', resolve(SERVER_ROOT, file), ...args],
    {
      cwd: SERVER_ROOT,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((done) => {
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown'));
  });
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  return {
    child,
    pid: child.pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    printed: (text) =>
      new Promise((done, fail) => {
        const look = () => {
          if (out.includes(text)) {
            child.stdout?.off('data', look);
            done();
          }
        };
        child.stdout?.on('data', look);
        look();
        void exited.then((code) => fail(new Error(`${file} ended (${code}) before printing "${text}": ${err}`)));
      }),
  };
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Polls `url` until it answers 200 or `process` ends. */
export async function waitUntilServing(url: string, process: TNodeProcess, timeoutMs = 60_000): Promise<void> {
  let ended: number | string | undefined;
  void process.exited.then((code) => {
    ended = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`the server ended (${ended}): ${process.stderr()}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
