import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { signedInUser } from '../../test/helpers/factories.ts';
import { requestIdGenerator } from './request-log.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface TLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  req?: { url?: string };
  status?: number;
  durationMs?: number;
  ip?: string;
}

/** Every line an app logs, parsed. */
function logSink() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join('\n'),
    of: (reqId: string | undefined): TLine[] =>
      lines.map((line) => JSON.parse(line) as TLine).filter((line) => line.reqId === reqId),
  };
}

const idOf = (res: LightMyRequestResponse) => res.headers['x-request-id'] as string | undefined;

const logs = logSink();
const t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
const app = t.app;
afterAll(() => t.close());

describe('x-request-id', () => {
  it('gives every answer a random id of its own when none is sent', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health/live' }),
      app.inject({ method: 'GET', url: '/api/health/live' }),
    ]);
    expect(idOf(a)).toMatch(UUID);
    expect(idOf(b)).toMatch(UUID);
    expect(idOf(a)).not.toBe(idOf(b));
  });

  it('ignores an incoming id without TRUST_PROXY: the client is not our proxy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'abc-123' } });
    expect(idOf(res)).toMatch(UUID);
  });

  it('puts it on error answers and on the price stream too', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/no-such-route' }),
      app.inject({ method: 'GET', url: '/api/balance/00000000-0000-4000-8000-000000000000' }),
      app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not an email' } }),
      app.inject({ method: 'GET', url: '/api/%zz' }),
      app.inject({ method: 'GET', url: '/api/market/stream?once=1' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 401, 400, 404, 200]);
    for (const res of answers) expect(idOf(res), `${res.statusCode} ${res.body.slice(0, 80)}`).toMatch(UUID);
  });

  describe('behind our proxy (TRUST_PROXY names it)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'] }, { sameDatabaseAs: t });
    });
    afterAll(() => proxied.close());

    const withId = (id: string) =>
      proxied.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': id } });

    it("keeps the proxy's id when it is a sane token", async () => {
      const id = `edge-${randomBytes(8).toString('hex')}.1_A`;
      expect(idOf(await withId(id))).toBe(id);
      expect(idOf(await withId('x'.repeat(64)))).toBe('x'.repeat(64));
    });

    it('replaces a malformed one with a random id', async () => {
      for (const bad of ['x'.repeat(65), 'has space', 'line\\nbreak', '<script>', 'a,b', 'café']) {
        expect(idOf(await withId(bad)), bad).toMatch(UUID);
      }
    });
  });

  it('takes only a single, sane header value', () => {
    const generate = requestIdGenerator(() => true);
    const request = (value: string | string[] | undefined) =>
      ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as Parameters<typeof generate>[0];
    expect(generate(request('proxy-1'))).toBe('proxy-1');
    expect(generate(request(['proxy-1', 'proxy-2']))).toMatch(UUID);
    expect(generate(request(''))).toMatch(UUID);
    expect(generate(request(undefined))).toMatch(UUID);
    expect(requestIdGenerator(() => false)(request('proxy-1'))).toMatch(UUID);
  });
});

describe('the request log', () => {
  it('writes one line per request with its id, method, route pattern, path, status, duration and client address', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/crypto-news/images/some-key?size=large' });
    const lines = logs.of(idOf(res));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: idOf(res),
      method: 'GET',
      route: '/api/crypto-news/images/:key',
      req: { url: '/api/crypto-news/images/some-key' },
      status: res.statusCode,
      ip: '127.0.0.1',
    });
    expect(lines[0]?.durationMs).toEqual(expect.any(Number));
  });

  it('names no route for a path that matched none', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/nothing-here' });
    expect(logs.of(idOf(res))).toEqual([
      expect.objectContaining({ method: 'DELETE', route: null, req: { url: '/api/nothing-here' }, status: 404 }),
    ]);
  });

  it('logs no query string, token, cookie or body', async () => {
    const secret = randomBytes(16).toString('hex');
    const res = await app.inject({
      method: 'POST',
      url: `/api/login?token=${secret}q`,
      headers: { authorization: `Bearer ${secret}a`, cookie: `meridian_refresh=${secret}c` },
      payload: { email: `${secret}@example.com`, password: `${secret}p` },
    });
    expect(logs.of(idOf(res))).toEqual([
      expect.objectContaining({ route: '/api/login', req: { url: '/api/login' }, status: res.statusCode }),
    ]);
    expect(logs.text()).not.toContain(secret);
  });

  it("logs the client's address from X-Forwarded-For only behind our proxy", async () => {
    const sink = logSink();
    const proxied = await buildTestApp(
      { TRUST_PROXY: ['127.0.0.1'], LOG_LEVEL: 'info' },
      { sameDatabaseAs: t, logStream: sink.stream },
    );
    try {
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      const behind = await proxied.app.inject({ method: 'GET', url: '/api/health/live', headers });
      expect(sink.of(idOf(behind))[0]?.ip).toBe('203.0.113.7');
      const direct = await app.inject({ method: 'GET', url: '/api/health/live', headers });
      expect(logs.of(idOf(direct))[0]?.ip).toBe('127.0.0.1');
    } finally {
      await proxied.close();
    }
  });
});

describe('the request log of streams', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  /** Opens an event stream on the listening app and waits for its opening. */
  async function openEvents(path: string, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    const res = await fetch(`${baseUrl}${path}`, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    const reader = res.body?.getReader();
    const first = await reader?.read();
    const opening = new TextDecoder().decode(first?.value);
    return {
      status: res.status,
      id: res.headers.get('x-request-id') ?? undefined,
      opening,
      close: () => abort.abort(),
    };
  }

  /** The lines logged for request `id`, once there are some (a stream's end reaches the server a moment later). */
  async function linesOf(id: string | undefined, ms = 10_000): Promise<TLine[]> {
    const deadline = Date.now() + ms;
    while (logs.of(id).length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    return logs.of(id);
  }

  it.each([
    ['the price', '/api/market/stream', 'event: snapshot'],
    ['an account', '/api/live/events', 'event: ready'],
  ])(
    'logs one line for %s stream when its reader leaves: status, route and its whole life as duration',
    async (_kind, path, event) => {
      const headers = path === '/api/live/events' ? (await signedInUser(app, 'Client')).headers : {};
      const stream = await openEvents(path, headers);
      expect(stream.status).toBe(200);
      expect(stream.opening).toContain(event);
      expect(stream.id).toMatch(UUID);
      await new Promise((done) => setTimeout(done, 300));
      // Nothing while it is open: the line is written when it ends.
      expect(logs.of(stream.id)).toEqual([]);
      stream.close();
      const lines = await linesOf(stream.id);
      expect(lines).toEqual([
        expect.objectContaining({ level: 30, msg: 'request completed', method: 'GET', route: path, status: 200 }),
      ]);
      expect(lines[0]?.durationMs).toBeGreaterThanOrEqual(300);
      // And only one: the connection's close after the line changes nothing.
      await new Promise((done) => setTimeout(done, 200));
      expect(logs.of(stream.id)).toHaveLength(1);
    },
  );

  it('logs one line for a stream the server ends (?once=1)', async () => {
    const res = await fetch(`${baseUrl}/api/market/stream?once=1`);
    expect(await res.text()).toContain('event: snapshot');
    const id = res.headers.get('x-request-id') ?? undefined;
    const lines = await linesOf(id);
    await new Promise((done) => setTimeout(done, 200));
    expect(logs.of(id)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: '/api/market/stream', req: { url: '/api/market/stream' }, status: 200 });
  });
});
