import { messageText } from '@meridian/contracts/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { defer, fullRow, type TDeferredKind, type TPrefetchKind, unnestInsert } from '../db/group-commit.ts';
import { prepared } from '../db/prepared.ts';
import { idempotencyKeys } from '../db/schema/ledger.ts';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/random.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving route: honours the Idempotency-Key header (docs/money.md). */
    idempotent?: boolean;
    /** A money move in group commit: its key is looked up with its batch's, not before (docs/money.md). */
    batched?: boolean;
  }
  interface FastifyRequest {
    /** A key this request may claim: no answer is stored under it yet. */
    idempotency?: TClaim;
  }
}

interface TClaim {
  userId: string;
  key: string;
  requestHash: string;
  /** Set once the answer is stored with the money change, in the same DB transaction. */
  answered?: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

/** Thrown inside the transaction when another request committed the same key first. */
class KeyTaken extends Error {}

/**
 * `Idempotency-Key` on money-moving routes (docs/money.md): the first request with a key runs and its
 * answer (status and body) is stored; a repeat gets that answer back and moves nothing; the same key
 * with another request is refused (422). Keys are per user and reusable after 24 hours.
 *
 * The key, the money change and the answer are written in ONE database transaction
 * (`runIdempotent`, called by `route()`): a crash at any point either leaves all three or none, so
 * a retry after a crash gets the original answer, or finds nothing happened and does it once. The
 * key is written last, with the answer, so a new key costs one statement: a repeat that arrives
 * while the first still runs waits on the key's unique index when it gets there, finds the key
 * taken once the first commits, rolls back whatever it did and answers the first's answer. A 4xx is stored afterwards (it moved nothing); a 5xx is not stored, so the client may retry.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  // After authentication and validation, before the handler: answer a repeat from the store.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError('BAD_REQUEST', 'errors.idempotencyKeyInvalid');
    }
    const userId = request.caller?.id;
    if (!userId) return;
    const claim: TClaim = { userId, key, requestHash: fingerprint(request) };
    if (request.routeOptions.config.batched) {
      request.idempotency = claim;
      return;
    }
    const stored = await findLiveKey(app.db, claim);
    if (stored) return replay(reply, claim, stored);
    request.idempotency = claim;
  });

  // A refusal (4xx) rolled the transaction back, key and all: store it now, since it moved nothing.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || claim.answered || reply.statusCode >= 500) return payload;
    const body = typeof payload === 'string' ? payload : JSON.stringify({ message: messageText('errors.generic') });
    await claimKey(app.db, claim, { statusCode: reply.statusCode, responseBody: body });
    return payload;
  });
});

/**
 * Runs a money-moving handler: without a key as it is, with one inside a transaction that runs the
 * handler and then claims the key with its serialized answer, before committing.
 */
export async function runIdempotent(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (db: Db) => unknown,
  /** The clients a money move is about: given, it runs in the next group-commit batch (db/group-commit.ts). */
  batchUsers?: readonly string[],
): Promise<unknown> {
  const claim = request.idempotency;
  if (!claim)
    return batchUsers ? app.groupCommit.run(batchUsers, (tx) => Promise.resolve(handler(tx))) : handler(app.db);
  let body: string;
  const work = async (tx: Tx) => {
    // Serialized by the route's response schema, exactly as it will be sent.
    const answer = String(reply.serialize(await handler(tx)));
    if (!(await claimKey(tx, claim, { statusCode: reply.statusCode, responseBody: answer }))) throw new KeyTaken();
    return answer;
  };
  try {
    if (batchUsers) {
      // The key is looked up with the batch's others (`LIVE_KEYS`), or here when the move runs alone.
      const done = await app.groupCommit.run(
        batchUsers,
        async (tx, stored?: TStored | null): Promise<{ stored: TStored } | { body: string }> => {
          const found = stored === undefined ? await findLiveKeyIn(tx, claim) : stored;
          return found ? { stored: found } : { body: await work(tx) };
        },
        { kind: LIVE_KEYS, item: claim },
      );
      if ('stored' in done) {
        claim.answered = true;
        return replay(reply, claim, done.stored);
      }
      body = done.body;
    } else {
      body = await app.db.transaction(work);
    }
  } catch (err) {
    if (!(err instanceof KeyTaken)) {
      // Refused, perhaps because a repeat running alongside committed first and changed what this
      // one checked (a withdrawal code it used): when the key is stored now, its answer is the answer.
      const stored = await findLiveKey(app.db, claim);
      if (!stored) throw err;
      claim.answered = true;
      return replay(reply, claim, stored);
    }
    // A repeat that ran alongside this one committed first: answer as a repeat.
    claim.answered = true;
    const stored = await findLiveKey(app.db, claim);
    if (!stored) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'errors.idempotencyInProgress');
    return replay(reply, claim, stored);
  }
  claim.answered = true;
  return reply.type(JSON_TYPE).serializer(asIs).send(body);
}

type TStored = typeof idempotencyKeys.$inferSelect;

/** The key's row unless it has expired (a key may be reused after 24 hours). */
const liveKey = (db: Db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, sql.placeholder('userId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        sql`${idempotencyKeys.createdAt} >= now() - interval '24 hours'`,
      ),
    )
    .limit(1)
    .prepare('idempotency_live_key');

async function findLiveKey(db: Db, claim: TClaim): Promise<TStored | undefined> {
  const [row] = await prepared(db, liveKey).execute({ userId: claim.userId, key: claim.key });
  return row;
}

/** `findLiveKey` inside a transaction (a prepared statement runs on the pool). */
async function findLiveKeyIn(tx: Tx, claim: TClaim): Promise<TStored | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
        sql`${idempotencyKeys.createdAt} >= now() - interval '24 hours'`,
      ),
    )
    .limit(1);
  return row;
}

/** The live keys of a batch's moves, in one statement: each move's stored answer, or null. */
const LIVE_KEYS: TPrefetchKind<TClaim, TStored | null> = {
  name: 'live idempotency keys',
  read: async (tx, claims) => {
    const users = sql.param(claims.map((c) => c.userId));
    const keys = sql.param(claims.map((c) => c.key));
    const rows = await tx
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (select * from unnest(${users}::uuid[], ${keys}::text[]))`,
          sql`${idempotencyKeys.createdAt} >= now() - interval '24 hours'`,
        ),
      );
    const byKey = new Map(rows.map((row) => [`${row.userId} ${row.key}`, row]));
    return claims.map((c) => byKey.get(`${c.userId} ${c.key}`) ?? null);
  },
};

/**
 * Takes the key for this request (a new row, or an expired one taken over), optionally with its
 * answer. False when a live row exists: on PostgreSQL this waits for a concurrent claimant's commit.
 */
async function claimKey(
  db: DbOrTx,
  claim: TClaim,
  answer: { statusCode: number; responseBody: string },
): Promise<boolean> {
  const row = { userId: claim.userId, key: claim.key, requestHash: claim.requestHash, ...answer };
  // In a group-commit batch the key is claimed with the batch's others at its end; one taken
  // meanwhile splits the batch, and alone this request then finds it taken.
  if (defer(db, KEYS, row)) return true;
  return (await insertKeys(db, [row])) === 1;
}

type TKeyRow = Pick<TStored, 'userId' | 'key' | 'requestHash' | 'statusCode' | 'responseBody'>;

const KEYS: TDeferredKind<TKeyRow> = {
  name: 'idempotency keys',
  statements: (_tx, rows) => [
    {
      // As `keysInsert`, the rows as arrays (`unnestInsert`).
      statement: sql`${unnestInsert(
        idempotencyKeys,
        rows.map((row) => fullRow(idempotencyKeys, row)),
      )}
        on conflict (user_id, key) do update set request_hash = excluded.request_hash,
          status_code = excluded.status_code, response_body = excluded.response_body, created_at = now()
        where ${idempotencyKeys.createdAt} < now() - interval '24 hours'
        returning key`,
      counted: { expected: rows.length, why: 'an idempotency key was taken meanwhile' },
    },
  ],
};

/** Writes keys with their answers (new rows, or expired ones taken over); answers how many it took. */
async function insertKeys(db: DbOrTx, rows: TKeyRow[]): Promise<number> {
  return (await keysInsert(db, rows)).length;
}

/** The insert of keys with their answers: a live key is left alone, and not returned. */
function keysInsert(db: DbOrTx, rows: TKeyRow[]) {
  return db
    .insert(idempotencyKeys)
    .values(rows)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        statusCode: sql`excluded.status_code`,
        responseBody: sql`excluded.response_body`,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`,
    })
    .returning({ key: idempotencyKeys.key });
}

function replay(reply: FastifyReply, claim: TClaim, stored: TStored): FastifyReply {
  if (stored.requestHash !== claim.requestHash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'errors.idempotencyMismatch');
  }
  if (stored.statusCode === null || stored.responseBody === null) {
    // Only a row written before answers were stored with the money change can lack one.
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'errors.idempotencyInProgress');
  }
  return reply
    .status(stored.statusCode)
    .header('idempotent-replayed', 'true')
    .type(JSON_TYPE)
    .serializer(asIs)
    .send(stored.responseBody);
}

function asIs(payload: unknown): string {
  return payload as string;
}

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
