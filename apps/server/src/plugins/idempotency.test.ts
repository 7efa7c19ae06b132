import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../test/helpers/build-app.ts';
import { createUser } from '../../test/helpers/factories.ts';
import { balancesOf } from '../../test/helpers/withdrawal-api.ts';

/**
 * The key, the money change and the stored answer commit together (docs/money.md, "Idempotency").
 * A database trigger stands in for a failure between the money change and the answer: the
 * answer's write fails, so the transaction must take the money change back with it.
 */
const { t, app, admin } = await buildSignedInApp(['Admin']);
afterAll(() => closeAfterLedgerCheck(t));

const credit = (userId: string, key: string, amount = 25) =>
  app.inject({
    method: 'POST',
    url: `/api/user/fund/${userId}`,
    headers: { ...admin.headers, 'idempotency-key': key },
    payload: { amount, reason: 'Wire received' },
  });

async function failAnswerWrites(fail: boolean) {
  if (fail) {
    await app.db.execute(sql`
      create or replace function test_refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'answer write refused by test'; end $$`);
    await app.db.execute(sql`
      create trigger test_refuse_answer before insert or update on idempotency_keys
      for each row when (new.status_code is not null) execute function test_refuse_answer()`);
  } else {
    await app.db.execute(sql`drop trigger if exists test_refuse_answer on idempotency_keys`);
  }
}

describe('an answer that cannot be stored', () => {
  it('takes the money change back with it, and the retry with the same key moves the money once', async () => {
    const client = await createUser(app, 'Client');
    await failAnswerWrites(true);
    let failed: Awaited<ReturnType<typeof credit>>;
    try {
      failed = await credit(client.id, 'credit-crash-1');
    } finally {
      await failAnswerWrites(false);
    }
    expect(failed.statusCode).toBe(500);
    expect((await balancesOf(app, client.id)).balance).toBe(0n);

    const retry = await credit(client.id, 'credit-crash-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const again = await credit(client.id, 'credit-crash-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(retry.body);
    expect((await balancesOf(app, client.id)).balance).toBe(2500n);
  });

  it('a refusal (4xx) is stored after the rollback and answered again to a repeat', async () => {
    const client = await createUser(app, 'Client');
    const debit = () =>
      app.inject({
        method: 'POST',
        url: `/api/user/debit/${client.id}`,
        headers: { ...admin.headers, 'idempotency-key': 'debit-too-much' },
        payload: { amount: 10, reason: 'Chargeback' },
      });
    const first = await debit();
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const again = await debit();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('concurrent repeats of one key: one runs, the others wait and get its answer', async () => {
    const client = await createUser(app, 'Client');
    const answers = await Promise.all(Array.from({ length: 6 }, () => credit(client.id, 'credit-burst', 7)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await balancesOf(app, client.id)).balance).toBe(700n);
  });
});
