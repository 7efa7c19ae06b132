import type { TLiveTopic } from '@meridian/contracts/live-terms';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';

/** One of several servers on one PostgreSQL database, listening on a port of its own, as in production. */
export interface TLiveServer {
  app: FastifyInstance;
  url: string;
  database: Database;
}

/**
 * Starts a server on `databaseUrl` with a pool of its own. Servers started here share one JWT key,
 * so a token either issued is good on the others.
 */
export async function startLiveServer(databaseUrl: string, overrides: Partial<TConfig> = {}): Promise<TLiveServer> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      WEB_DIST: '/nonexistent',
      MARKET_HISTORY_MINUTES: 5,
      JWT_SECRET: 'live-stream-test-servers-secret-of-32-chars-or-more',
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, url: `http://127.0.0.1:${address.port}`, database };
}

/** Closes servers started by `startLiveServer`, each app before its database. */
export async function closeLiveServers(...servers: Array<TLiveServer | undefined>): Promise<void> {
  for (const server of servers) {
    await server?.app.close();
    await server?.database.close();
  }
}

/** An open live account-updates stream (GET /api/live/events on a listening server), read with fetch. */
export interface TLiveStream {
  status: number;
  /** Every `change` event's topics received so far, in order. */
  changes: TLiveTopic[][];
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server has ended the response. */
  ended: Promise<void>;
  /** Resolves with the first change event from now on that names `topic` (rejects after `ms`). */
  next(topic: TLiveTopic, ms?: number): Promise<TLiveTopic[]>;
  close(): void;
}

/** Opens the stream as the holder of `token` (none: anonymous); resolves once the answer's head has come. */
export async function openLiveStream(baseUrl: string, token?: string): Promise<TLiveStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/events`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  let text = '';
  const changes: TLiveTopic[][] = [];
  const waiters = new Set<() => void>();
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const reader = res.body?.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: change\ndata: (.*)$/m.exec(frame);
          if (data?.[1]) {
            changes.push((JSON.parse(data[1]) as { topics: TLiveTopic[] }).topics);
            for (const waiter of [...waiters]) waiter();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the test.
    }
    endedResolve();
  })();
  return {
    status: res.status,
    changes,
    text: () => text,
    ended,
    next(topic, ms = 5000) {
      const from = changes.length;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = changes.slice(from).find((topics) => topics.includes(topic));
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no '${topic}' change within ${ms} ms; received: ${JSON.stringify(changes.slice(from))}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}

/**
 * Waits until each stream's opening (its `ready` event) has arrived: from then on it is listening,
 * and a change made now reaches it. Throws when one has not within `ms`.
 */
export async function untilReady(streams: TLiveStream[], ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!streams.every((stream) => stream.text().includes('event: ready'))) {
    if (Date.now() > deadline) throw new Error(`a live stream sent no ready event within ${ms} ms`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
