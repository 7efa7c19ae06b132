import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { onCommitted, trackCommits } from '../../../db/after-commit.ts';
import { type Db, standaloneClients } from '../../../db/client.ts';
import { LiveBus } from './live-bus.ts';
import { listenToPostings } from './live-changes.ts';
import { type LiveTransport, LocalTransport, PostgresTransport, RedisTransport } from './live-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live account updates: who changed what, for the live streams of every server (modules/platform/live). */
    live: LiveBus;
  }
}

/**
 * Sets up live account updates for `app` on `db` (docs/architecture.md, "Live account updates"):
 * the database's committed changes go to the bus, which reaches the other servers through Redis
 * pub/sub with `redis`, else PostgreSQL LISTEN/NOTIFY, else (the embedded database, one process)
 * nobody. Started when the app is ready; stopped on close, before Redis and the database close
 * (register it after them: onClose hooks run last-added first).
 */
export function registerLive(app: FastifyInstance, db: Db, redis: Redis | undefined): LiveBus {
  trackCommits(db);
  listenToPostings();
  const connect = standaloneClients(db);
  const transport: LiveTransport = redis
    ? new RedisTransport(redis, `${app.config.REDIS_KEY_PREFIX}live`, app.log)
    : connect
      ? new PostgresTransport(connect, app.log)
      : new LocalTransport();
  const bus = new LiveBus(transport);
  app.decorate('live', bus);
  const stopListening = onCommitted(db, (changes) => bus.publish(changes));
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', async () => {
    stopListening();
    await bus.stop();
  });
  return bus;
}
