import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSessionList } from '@meridian/contracts/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { createUser, PASSWORD } from './helpers/factories.ts';
import { startHaproxy, type THaproxy } from './helpers/haproxy.ts';

/**
 * The server behind a real HAProxy (Debian's), configured as docs/operations.md ("Behind a proxy")
 * asks, with TRUST_PROXY naming only the proxy. On one machine every connection comes from loopback,
 * so each side gets an address of its own in 127.0.0.0/8: HAProxy reaches the server from PROXY,
 * clients connect from addresses of their own (`localAddress`). Whatever a client writes in
 * X-Forwarded-For, X-Forwarded-Proto or X-Request-Id, through the proxy or straight to the server,
 * the server counts, records and logs the address the proxy saw (or, straight, the connection's).
 */

const PROXY = '127.0.0.2';
const AUTH_LIMIT = 5;
const SUPPORT_LIMIT = 3;
const STREAMS_PER_IP = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface TAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from `from` (a loopback address of the caller's own), its answer read whole. */
function send(
  origin: string,
  from: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = http.request(
      `${origin}${path}`,
      {
        method: init.method ?? 'GET',
        localAddress: from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An X-Forwarded-For a client makes up, different each time, as if from another machine. */
let forged = 0;
const forgedFor = () => `198.51.100.${++forged % 250}`;

const signInAs = (origin: string, from: string, email: string, headers: Record<string, string> = {}) =>
  send(origin, from, '/api/login', { method: 'POST', body: { email, password: PASSWORD }, headers });

async function sessionIps(origin: string, from: string, token: string): Promise<string[]> {
  const res = await send(origin, from, '/api/sessions', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as TSessionList).sessions.map((session) => session.ip);
}

let t: TestApp;
let server: string;
let proxy: THaproxy;
const logLines: string[] = [];
const loggedIpOf = (reqId: string | string[] | undefined) =>
  logLines
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; ip?: string })
    .find((line) => line.reqId === reqId && line.msg === 'request completed')?.ip;

// No skipping without HAProxy: a missing proxy fails here, naming the package to install.
// Generous: argon2 sign-ins and a proxy process on a shared, loaded machine.
describe('behind HAProxy', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    t = await buildTestApp(
      {
        // As an operator writes it.
        TRUST_PROXY: loadConfig({ TRUST_PROXY: PROXY }).TRUST_PROXY,
        AUTH_RATE_LIMIT_PER_MINUTE: AUTH_LIMIT,
        SUPPORT_RATE_LIMIT_PER_MINUTE: SUPPORT_LIMIT,
        MARKET_STREAM_MAX_PER_IP: STREAMS_PER_IP,
        LOG_LEVEL: 'info',
      },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    proxy = await startHaproxy([server], { sourceAddress: PROXY });
  }, 240_000);
  afterAll(async () => {
    await proxy?.stop();
    await t?.close();
  }, 60_000);

  it('records and logs the address the proxy saw, not the one the client wrote', async () => {
    const user = await createUser(t.app, 'Client');
    const res = await signInAs(proxy.url, '127.0.0.7', user.email, {
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'chosen-by-the-client',
    });
    expect(res.status, res.body).toBe(200);
    // The proxy's own request id is kept (the connection is the proxy's), the client's is not.
    expect(res.headers['x-request-id']).toMatch(/^haproxy-[0-9a-f-]{36}$/);
    expect(loggedIpOf(res.headers['x-request-id'])).toBe('127.0.0.7');
    const { accessToken } = JSON.parse(res.body) as { accessToken: string };
    expect(await sessionIps(proxy.url, '127.0.0.7', accessToken)).toEqual(['127.0.0.7']);
  });

  it('ignores the forwarded headers of a client that reaches the server directly', async () => {
    const user = await createUser(t.app, 'Client');
    const res = await signInAs(server, '127.0.0.8', user.email, {
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'chosen-by-the-client',
    });
    expect(res.status, res.body).toBe(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(loggedIpOf(res.headers['x-request-id'])).toBe('127.0.0.8');
    const { accessToken } = JSON.parse(res.body) as { accessToken: string };
    expect(await sessionIps(server, '127.0.0.8', accessToken)).toEqual(['127.0.0.8']);
  });

  it('limits sign-ins per address the proxy saw, whatever X-Forwarded-For the client writes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      const res = await signInAs(proxy.url, '127.0.0.9', `nobody.${i}@example.com`, { 'x-forwarded-for': forgedFor() });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), 429, 429, 429]);
    // Straight to the server, the same: the header is not believed there either.
    const direct: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 1; i++) {
      const res = await signInAs(server, '127.0.0.10', `nobody.${i}@example.com`, { 'x-forwarded-for': forgedFor() });
      direct.push(res.status);
    }
    expect(direct).toEqual([...Array(AUTH_LIMIT).fill(401), 429]);
  });

  it('limits support messages per address the proxy saw', async () => {
    const message = { name: 'Ada Client', email: 'ada@example.com', phone: '+44 20 7946 0000', message: 'Hello.' };
    const statuses: number[] = [];
    for (let i = 0; i < SUPPORT_LIMIT + 2; i++) {
      const res = await send(proxy.url, '127.0.0.11', '/api/messagereq', {
        method: 'POST',
        body: message,
        headers: { 'x-forwarded-for': forgedFor() },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(SUPPORT_LIMIT).fill(201), 429, 429]);
  });

  it('caps live price streams per address the proxy saw, streaming each as it is written', async () => {
    const open: http.ClientRequest[] = [];
    try {
      /** Opens the stream through the proxy; resolves with its status once its snapshot arrived (or refused). */
      const openStream = () =>
        new Promise<number>((resolve, reject) => {
          const req = http.get(
            `${proxy.url}/api/market/stream`,
            { localAddress: '127.0.0.12', agent: false, headers: { 'x-forwarded-for': forgedFor() } },
            (res) => {
              if (res.statusCode !== 200) {
                res.resume();
                resolve(res.statusCode ?? 0);
                return;
              }
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                text += chunk;
                if (text.includes('event: snapshot\n')) resolve(200);
              });
            },
          );
          req.on('error', reject);
          open.push(req);
        });
      const statuses: number[] = [];
      for (let i = 0; i < STREAMS_PER_IP + 1; i++) statuses.push(await openStream());
      expect(statuses).toEqual([...Array(STREAMS_PER_IP).fill(200), 429]);
    } finally {
      for (const req of open) req.destroy();
    }
  });

  it('takes the protocol from the proxy, never from the client', async () => {
    const cookieOf = (res: TAnswer) => (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('meridian_refresh='));
    const secure = (res: TAnswer) => /;\s*Secure(;|$)/i.test(cookieOf(res) ?? '');
    const user = await createUser(t.app, 'Client');
    const claimed = { 'x-forwarded-proto': 'https' };
    // Plain HTTP at the proxy, which replaces the client's claim: no Secure cookie (COOKIE_SECURE=auto).
    const viaHttp = await signInAs(proxy.url, '127.0.0.13', user.email, claimed);
    expect(viaHttp.status, viaHttp.body).toBe(200);
    expect(cookieOf(viaHttp)).toBeDefined();
    expect(secure(viaHttp)).toBe(false);
    // Straight to the server, the claim is not believed either.
    const direct = await signInAs(server, '127.0.0.13', user.email, claimed);
    expect(direct.status, direct.body).toBe(200);
    expect(secure(direct)).toBe(false);
    // A proxy ending TLS says https: the cookie is Secure.
    const tls = await startHaproxy([server], { sourceAddress: PROXY, forwardedProto: 'https' });
    try {
      const viaHttps = await signInAs(tls.url, '127.0.0.13', user.email);
      expect(viaHttps.status, viaHttps.body).toBe(200);
      expect(secure(viaHttps)).toBe(true);
    } finally {
      await tls.stop();
    }
  });
});
