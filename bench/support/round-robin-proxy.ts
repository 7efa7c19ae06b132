/**
 * A round-robin HTTP proxy in front of several Meridian servers on one PostgreSQL, as a load balancer
 * would put them (README.md, "Configuration": TRUST_PROXY), for the several-servers test and
 * benchmark. node:http only: each request goes to the next server in turn over a kept-alive
 * connection, bodies are streamed both ways (a Server-Sent Events stream arrives as it is written),
 * `X-Forwarded-For` gets the caller's address appended and `X-Forwarded-Proto`/`-Host` are set when
 * absent. Every answer carries `X-Backend`, the origin of the server that made it, so a test can see
 * the requests alternate; `GET /__proxy/served` answers how many each server got.
 *
 * `startRoundRobinProxy` serves in this process (the test's). `spawnRoundRobinProxy` runs this file
 * again as a process of its own (known by ROUND_ROBIN_PROXY_CHILD=1), so a benchmark's load generator
 * and the proxy do not share one thread.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The answer header naming the server that made it. */
export const BACKEND_HEADER = 'x-backend';
/** The proxy's own path: how many requests each backend got, as `{ backends, served }`. */
export const SERVED_PATH = '/__proxy/served';

/** Headers about one connection, not the request: never forwarded (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface TRoundRobinProxy {
  /** The proxy's origin (`http://127.0.0.1:1234`). */
  url: string;
  /** The servers' origins, in turn order. */
  backends: readonly string[];
  /** Requests forwarded to each backend so far, in the order of `backends`. */
  served(): number[];
  close(): Promise<void>;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  ) as IncomingHttpHeaders;
}

/** The request's headers for the backend: what a TLS-terminating proxy adds (TRUST_PROXY reads them). */
function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  const caller = req.socket.remoteAddress ?? 'unknown';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${prior}, ${caller}` : caller;
  headers['x-forwarded-proto'] ??= 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}

/** Serves on `port` (default: any free one) of 127.0.0.1, forwarding to `backends` in turn. */
export async function startRoundRobinProxy(
  backends: readonly string[],
  options: { port?: number } = {},
): Promise<TRoundRobinProxy> {
  if (backends.length === 0) throw new Error('a proxy needs at least one backend');
  const targets = backends.map((backend) => new URL(backend));
  const origins = targets.map((target) => target.origin);
  const agents = targets.map(() => new http.Agent({ keepAlive: true }));
  const served = targets.map(() => 0);
  let next = 0;

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const index = next;
    next = (next + 1) % targets.length;
    const target = targets[index] as URL;
    const origin = origins[index] as string;
    served[index] = (served[index] ?? 0) + 1;

    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req),
      agent: agents[index],
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...withoutHopByHop(answer.headers),
        [BACKEND_HEADER]: origin,
      });
      // An event stream's headers go out now, not with its first event.
      res.flushHeaders();
      answer.pipe(res);
      // The backend died mid-answer: the caller must see a broken answer, not a short complete one.
      answer.on('aborted', () => res.destroy());
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', [BACKEND_HEADER]: origin });
      res.end(`The proxy could not reach ${origin} (${err.code ?? err.message})`);
    });
    // The caller went away before the answer ended (a closed EventSource): end the backend's request
    // too, so the server sees its stream closed.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === SERVED_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ backends: origins, served }));
      return;
    }
    forward(req, res);
  });
  // Autocannon keeps its connections for the whole run; a long idle keep-alive costs nothing here.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends: origins,
    served: () => [...served],
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const agent of agents) agent.destroy();
      await closed;
    },
  };
}

// --- in a process of its own --------------------------------------------------------------------

export interface TProxyProcess {
  url: string;
  /** The proxy process's id (its CPU time is read from /proc by the benchmark). */
  pid: number;
  served(): Promise<number[]>;
  kill(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The proxy in a child process on `port`; resolves once it answers. */
export async function spawnRoundRobinProxy(backends: readonly string[], port: number): Promise<TProxyProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, ROUND_ROBIN_PROXY_CHILD: '1', PROXY_BACKENDS: backends.join(','), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const served = async () => ((await (await fetch(`${url}${SERVED_PATH}`)).json()) as { served: number[] }).served;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`proxy exited (${child.exitCode}): ${stderr}`);
      try {
        await served();
        break;
      } catch {
        // not listening yet
      }
      if (i > 300) throw new Error(`proxy did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await kill();
    throw err;
  }
  return { url, pid: child.pid ?? -1, served, kill };
}

if (process.env.ROUND_ROBIN_PROXY_CHILD === '1') {
  await startRoundRobinProxy((process.env.PROXY_BACKENDS ?? '').split(','), { port: Number(process.env.PORT) });
}
