import { messageText } from '@meridian/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/ledger.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/random.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving route: honours the Idempotency-Key header (docs/money.md). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { userId: string; key: string };
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * `Idempotency-Key` on money-moving routes: the first request with a key runs and its answer
 * (status and body) is stored; a repeat gets that answer back and moves nothing; the same key with
 * another request is refused (422); a repeat while the first still runs gets 409. Keys are per
 * user and reusable after 24 hours. A 5xx is not stored, so the client may retry with the key.
 * Runs as a preHandler: after authentication and validation, before the handler.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError('BAD_REQUEST', 'errors.idempotencyKeyInvalid', 400);
    }
    const userId = request.caller?.id;
    if (!userId) return;
    const requestHash = fingerprint(request);

    const claimed = await app.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, statusCode: null, responseBody: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 1) {
      request.idempotency = { userId, key };
      return;
    }

    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!first || first.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'errors.idempotencyMismatch', 422);
    }
    if (first.statusCode === null || first.responseBody === null) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'errors.idempotencyInProgress', 409);
    }
    return reply
      .status(first.statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => payload as string)
      .send(first.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      await app.db.delete(idempotencyKeys).where(where);
    } else {
      const body = typeof payload === 'string' ? payload : JSON.stringify({ message: messageText('errors.generic') });
      await app.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where);
    }
    return payload;
  });
});

/** The same key may only repeat the same call: method, path and body. */
function fingerprint(request: FastifyRequest): string {
  return sha256(`${request.method} ${request.url}\n${stableJson(request.body)}`);
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
