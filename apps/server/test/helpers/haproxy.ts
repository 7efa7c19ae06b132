import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.ts';

/**
 * HAProxy (Debian's `haproxy` package) in front of one or more Meridian servers, configured the way
 * docs/operations.md ("Behind a proxy") asks an operator to: round robin, `X-Forwarded-For` appended
 * with the address it saw (`option forwardfor`), `X-Forwarded-Proto` set (replacing what a client
 * wrote), a client's `X-Forwarded-Host` dropped, an `X-Request-Id` of its own, and answers streamed
 * as the server writes them (Server-Sent Events). Used by the trusted-proxy test, the several-servers
 * test and benchmark. Every answer carries `X-Backend`, the origin of the server that made it.
 */

/** The answer header naming the server that made it. */
export const BACKEND_HEADER = 'x-backend';

export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** Why HAProxy cannot run here, or undefined when it can: a test then fails with this, never skips. */
const haproxyUnavailable = existsSync(HAPROXY_BIN)
  ? undefined
  : `needs HAProxy at ${HAPROXY_BIN} (Debian: apt-get install -y haproxy; HAPROXY_BIN elsewhere)`;

export interface THaproxyOptions {
  /** Its port on 127.0.0.1; default: a free one. */
  port?: number;
  /**
   * The address HAProxy connects to the servers from (`source`), e.g. `127.0.0.2`: a test then tells
   * the proxy's connections from a client's, which on one machine all come from loopback.
   */
  sourceAddress?: string;
  /** What it sends as `X-Forwarded-Proto`: `http` (default), or `https` as if TLS ended here. */
  forwardedProto?: 'http' | 'https';
  /** Threads (`nbthread`): 1 by default, a benchmark gives it more. */
  threads?: number;
}

export interface THaproxy {
  /** The proxy's origin (`http://127.0.0.1:1234`). */
  url: string;
  /** HAProxy's process id (its CPU time is read from /proc by the benchmark). */
  pid: number;
  /** The servers' origins, in turn order. */
  backends: readonly string[];
  /** Requests each backend has answered so far, in the order of `backends` (HAProxy's own counts). */
  served(): Promise<number[]>;
  stop(): Promise<void>;
}

/** The configuration HAProxy runs with; written to a folder of its own. */
export function haproxyConfig(
  backends: readonly string[],
  options: Required<Omit<THaproxyOptions, 'sourceAddress'>> & { sourceAddress?: string; statsSocket: string },
): string {
  const servers = backends.map((backend) => {
    const { host } = new URL(backend);
    // A server's name is its host:port, so `X-Backend` can name its origin.
    return `  server ${host} ${host}${options.sourceAddress ? ` source ${options.sourceAddress}` : ''}`;
  });
  return [
    'global',
    `  nbthread ${options.threads}`,
    `  stats socket ${options.statsSocket} mode 600 level user`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    // Above the 15 s comment line of the price stream and the live updates' heartbeat, so idle
    // streams stay open.
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    // Streams' events go out as they are written, not gathered into fuller packets.
    '  option http-no-delay',
    // A client that goes away ends its request on the server at once, not at the next event written
    // to it: a closed price stream frees its place in the per-address cap.
    '  option abortonclose',
    '',
    'frontend web',
    `  bind 127.0.0.1:${options.port}`,
    // Appends the address it saw to whatever X-Forwarded-For the client wrote.
    '  option forwardfor',
    `  http-request set-header X-Forwarded-Proto ${options.forwardedProto}`,
    // The server takes X-Forwarded-Host from a trusted proxy: a client's own must not pass.
    '  http-request del-header X-Forwarded-Host',
    // Its own request id, told apart from the server's own random UUIDs by its prefix.
    '  unique-id-format haproxy-%[uuid()]',
    '  http-request set-header X-Request-Id %[unique-id]',
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  http-response set-header X-Backend http://%[srv_name]',
    ...servers,
    '',
  ].join('\n');
}

/** One command to HAProxy's stats socket, its answer as text. */
function askStats(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let answer = '';
    client.on('data', (chunk) => {
      answer += String(chunk);
    });
    client.on('end', () => resolve(answer));
    client.on('error', reject);
    client.write(`${command}\n`);
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts HAProxy in front of `backends`; resolves once it accepts connections. */
export async function startHaproxy(backends: readonly string[], options: THaproxyOptions = {}): Promise<THaproxy> {
  if (haproxyUnavailable) throw new Error(haproxyUnavailable);
  if (backends.length === 0) throw new Error('a proxy needs at least one backend');
  const dir = mkdtempSync(join(tmpdir(), 'meridian-haproxy-'));
  const port = options.port ?? (await freePort());
  const statsSocket = join(dir, 'stats.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig(backends, {
      port,
      forwardedProto: options.forwardedProto ?? 'http',
      threads: options.threads ?? 1,
      sourceAddress: options.sourceAddress,
      statsSocket,
    }),
  );
  // -db: stays in the foreground, one process (no master), so its pid is the one doing the work.
  const child: ChildProcess = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; !(await listening(port)); i++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}): ${output}`);
      if (i > 300) throw new Error(`haproxy did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const names = backends.map((backend) => new URL(backend).host);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    backends: backends.map((backend) => new URL(backend).origin),
    async served() {
      // `show stat` is CSV: pxname,svname,… with `hrsp_*` the answers each server gave, by class.
      const [header = '', ...rows] = (await askStats(statsSocket, 'show stat')).replace(/^# /, '').split('\n');
      const columns = header.split(',');
      const classes = ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx', 'hrsp_other'].map((name) =>
        columns.indexOf(name),
      );
      const answered = new Map(
        rows
          .map((row) => row.split(','))
          .filter((cells) => cells[0] === 'app')
          .map((cells) => [cells[1], classes.reduce((sum, index) => sum + Number(cells[index] ?? 0), 0)]),
      );
      return names.map((name) => answered.get(name) ?? 0);
    },
    stop,
  };
}
