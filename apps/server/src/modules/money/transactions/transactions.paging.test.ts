import { encodeTimeIdCursor } from '@meridian/contracts/cursor';
import { totalPages } from '@meridian/contracts/pagination';
import type { TTransactionPage } from '@meridian/contracts/transactions';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit } from '../../../../test/helpers/deposits.ts';
import { createUser, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { createApprovedInvestment } from '../../../../test/helpers/payout-fixtures.ts';
import { queryRows } from '../../../db/client.ts';
import { processDuePayouts } from '../../investing/payouts/processing.ts';

/**
 * The two long lists paged by cursor (docs/architecture.md, "Lists at scale"): a client's history
 * and every client's (optionally of one type). Walking every page by cursor, either way, gives
 * exactly the listing by page number; the page count of a client's history follows every insert,
 * soft delete and bulk insert through the count triggers; a cursor never widens what a caller sees.
 */

const DAY = 24 * 60 * 60 * 1000;

const { t, app, admin } = await buildSignedInApp(['Admin'], { PAYOUTS_AUTO_PROCESS: false });
afterAll(() => t.close());

const get = (url: string, as: TSignedIn) => app.inject({ method: 'GET', url, headers: as.headers });

async function pageAt(url: string, as: TSignedIn): Promise<TTransactionPage> {
  const res = await get(url, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTransactionPage>();
}

const withQuery = (base: string, query: Record<string, string | number>) =>
  `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()}`;

const idsOf = (page: TTransactionPage) => page.transactions.map((tr) => tr.id);

/**
 * Every page of `base` three ways: by page number (offset), by `after` from page 1 down, and by
 * `before` from the last page up. Returns the pages by number; the test fails unless all three agree.
 */
async function walkEveryWay(base: string, as: TSignedIn, limit: number): Promise<string[][]> {
  const first = await pageAt(withQuery(base, { limit }), as);
  const totalPage = first.totalPage;
  const byOffset: string[][] = [idsOf(first)];
  for (let page = 2; page <= totalPage; page++)
    byOffset.push(idsOf(await pageAt(withQuery(base, { page, limit }), as)));

  expect(first.prevCursor).toBeNull();
  const forward: TTransactionPage[] = [first];
  while (forward.at(-1)?.nextCursor) {
    const previous = forward.at(-1) as TTransactionPage;
    const cursor = previous.nextCursor as string;
    forward.push(await pageAt(withQuery(base, { page: forward.length + 1, limit, after: cursor }), as));
    expect(forward.length, 'never more pages than totalPage').toBeLessThanOrEqual(totalPage);
  }
  expect(forward.map(idsOf)).toEqual(byOffset);
  expect(forward.at(-1)?.nextCursor).toBeNull();
  for (const page of forward.slice(1)) expect(page.prevCursor).not.toBeNull();

  const backward: TTransactionPage[] = [forward.at(-1) as TTransactionPage];
  while (backward[0]?.prevCursor) {
    const cursor = backward[0].prevCursor;
    backward.unshift(await pageAt(withQuery(base, { page: totalPage - backward.length, limit, before: cursor }), as));
    expect(backward.length).toBeLessThanOrEqual(totalPage);
  }
  expect(backward.map(idsOf)).toEqual(byOffset);
  expect(backward[0]?.prevCursor).toBeNull();
  expect(backward[0]?.nextCursor).toBe(totalPage > 1 ? first.nextCursor : null);

  // No row missed or repeated: the pages are the whole list, once each.
  const all = byOffset.flat();
  expect(new Set(all).size).toBe(all.length);
  return byOffset;
}

/**
 * `count` rows for `userId` straight in the database, `type` Adjustment unless told, created at the
 * given instants (microsecond text): many share an instant, or differ by a microsecond inside one
 * millisecond, as a batch or a busy second makes them.
 */
async function insertRows(userId: string, instants: string[], type = 'Adjustment'): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    app.db,
    sql`insert into transactions (user_id, type, status, amount, direction, created_at, updated_at)
        select ${userId}::uuid, ${type}, 'Completed', 100 + i, 'in', at::timestamptz, at::timestamptz
        from unnest(${sql.param(instants)}::text[]) with ordinality as x(at, i)
        returning id`,
  );
  return rows.map((row) => row.id);
}

/** 30 instants: 8 equal, 6 a microsecond apart in one millisecond, 6 equal in the next second, and 10 apart. */
function crowdedInstants(day: string): string[] {
  return [
    ...Array.from({ length: 8 }, () => `${day}T10:00:00.123456Z`),
    ...Array.from({ length: 6 }, (_, i) => `${day}T10:00:00.12345${i}Z`),
    ...Array.from({ length: 6 }, () => `${day}T10:00:01.000000Z`),
    ...Array.from({ length: 10 }, (_, i) => `${day}T1${i}:30:00.000001Z`),
  ];
}

async function liveCountsAgree(): Promise<void> {
  const wrong = await queryRows<{ user_id: string }>(
    app.db,
    sql`select coalesce(c.user_id, t.user_id) as user_id
        from transaction_counts c
        full join (select user_id, count(*) as live from transactions where deleted_at is null group by user_id) t
          on t.user_id = c.user_id
        where coalesce(c.live, 0) <> coalesce(t.live, 0)`,
  );
  expect(wrong, 'transaction_counts equals a count of the live rows').toEqual([]);
}

describe('a client’s history by cursor', () => {
  it('walks every page forward and back exactly as by page number, rows of one instant included', async () => {
    const client = await signedInUser(app, 'Client');
    const ids = await insertRows(client.id, crowdedInstants('2026-03-02'));
    const base = `/api/transaction/user/${client.id}`;
    const pages = await walkEveryWay(base, client, 4);
    expect(pages).toHaveLength(8);
    expect(pages.flat().sort()).toEqual([...ids].sort());
    // Uneven and single-row pages too.
    expect((await walkEveryWay(base, client, 7)).flat()).toEqual(pages.flat());
    expect((await walkEveryWay(base, client, 1)).flat()).toEqual(pages.flat());
    expect((await walkEveryWay(base, client, 30)).flat()).toEqual(pages.flat());
    // An admin reads it the same way.
    expect((await walkEveryWay(base, admin, 4)).flat()).toEqual(pages.flat());
  });

  it('counts pages also when the page read has no row to carry the count: no history, and past the last row', async () => {
    const client = await signedInUser(app, 'Client');
    const base = `/api/transaction/user/${client.id}`;
    expect(await pageAt(base, client)).toMatchObject({ transactions: [], totalPage: totalPages(0, 10) });
    await insertRows(client.id, crowdedInstants('2026-03-04').slice(0, 3));
    expect((await pageAt(withQuery(base, { limit: 3 }), client)).transactions).toHaveLength(3);
    // A cursor older than every row: its page is empty, and still says there is one page.
    const older = encodeTimeIdCursor({ at: '2026-03-04T10:00:00.123450Z', id: '00000000-0000-4000-8000-000000000000' });
    expect(await pageAt(withQuery(base, { limit: 3, page: 2, after: older }), client)).toMatchObject({
      transactions: [],
      totalPage: 1,
    });
  });

  it('keeps totalPage exact across inserts, soft deletes and the payout runner’s bulk inserts', async () => {
    const client = await signedInUser(app, 'Client');
    const base = `/api/transaction/user/${client.id}?limit=2`;
    const total = async () => (await pageAt(base, client)).totalPage;
    expect(await total()).toBe(1);

    const method = await createDepositMethodViaApi(app, admin, { minAmount: 1, maxAmount: 100000 });
    const deposits = [];
    for (let i = 0; i < 3; i++) deposits.push(await declareDeposit(app, client, method.id, 10 + i));
    expect(await total()).toBe(2);

    // The admin deletes a pending deposit (it moved no money): hidden, and no longer counted.
    const deleted = deposits[1]?.id as string;
    const res = await app.inject({ method: 'DELETE', url: `/api/transaction/${deleted}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await total()).toBe(1);
    expect(idsOf(await pageAt(base, client))).not.toContain(deleted);

    // Two investments whose payouts fall due: the runner writes their records in one statement,
    // with other clients' records, all at the same instant.
    const other = await createUser(app, 'Client');
    const terms = {
      interestBp: 1000,
      duration: 7,
      noOfTimes: 1,
      approvedAt: new Date(Date.now() - 3.5 * DAY),
    } as const;
    await createApprovedInvestment(app, { ...terms, principal: 70_000n, userId: client.id });
    await createApprovedInvestment(app, { ...terms, principal: 35_000n, userId: client.id });
    await createApprovedInvestment(app, { ...terms, principal: 70_000n, userId: other.id });
    expect(await total()).toBe(2); // 2 deposits and 2 investments
    expect(await processDuePayouts(app.db, { mail: app.mail, now: new Date() })).toBeGreaterThanOrEqual(9);
    // 3 payouts due of each investment: 4 + 6 records.
    expect(await total()).toBe(5);
    await walkEveryWay(`/api/transaction/user/${client.id}`, client, 3);
    await liveCountsAgree();

    // A row removed outright (no route does) is uncounted too.
    await app.db.execute(sql`delete from transactions where id = ${deposits[0]?.id}::uuid`);
    expect((await pageAt(`/api/transaction/user/${client.id}?limit=1`, client)).totalPage).toBe(9);
    await liveCountsAgree();
  });

  it('counts exactly when many statements insert rows of the same clients at once', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => createUser(app, 'Client')));
    const ids = clients.map((c) => c.id);
    // Each statement inserts for every client, in its own order; on PostgreSQL they run side by side.
    await Promise.all(
      Array.from({ length: 12 }, (_, n) => {
        const order = n % 2 === 0 ? ids : [...ids].reverse();
        return app.db.execute(
          sql`insert into transactions (user_id, type, status, amount, direction)
              select u, 'Adjustment', 'Completed', 100, 'in'
              from unnest(${sql.param(order)}::uuid[]) as u, generate_series(1, 3)`,
        );
      }),
    );
    const counts = await queryRows<{ live: string }>(
      app.db,
      sql`select live::text from transaction_counts where user_id = any(${sql.param(ids)}::uuid[])`,
    );
    expect(counts.map((c) => Number(c.live))).toEqual(ids.map(() => 36));
    await liveCountsAgree();
  });
});

describe('every client’s list by cursor (admin)', () => {
  it('walks the whole list and one type’s forward and back exactly as by page number', async () => {
    const [a, b] = await Promise.all([createUser(app, 'Client'), createUser(app, 'Client')]);
    await insertRows(a.id, crowdedInstants('2026-04-01'), 'Payout');
    await insertRows(b.id, crowdedInstants('2026-04-01'), 'Payout');
    await insertRows(b.id, crowdedInstants('2026-04-01'));
    const payouts = await walkEveryWay('/api/transaction?type=Payout', admin, 9);
    const byType = await pageAt('/api/transaction?type=Payout&limit=100', admin);
    expect(payouts.flat()).toEqual(idsOf(byType));
    const all = await walkEveryWay('/api/transaction', admin, 13);
    const allRows = await pageAt('/api/transaction?limit=100&page=1', admin);
    expect(all.flat().slice(0, 100)).toEqual(idsOf(allRows));

    // With a cursor and a type, only that type, the rows after the cursor's row.
    const firstPage = await pageAt('/api/transaction?type=Payout&limit=5', admin);
    const next = await pageAt(
      withQuery('/api/transaction?type=Payout', { limit: 5, after: firstPage.nextCursor as string }),
      admin,
    );
    expect(next.transactions.every((tr) => tr.type === 'Payout')).toBe(true);
    expect(idsOf(next)).toEqual(idsOf(byType).slice(5, 10));
    expect(next.transactions.every((tr) => tr.user !== undefined)).toBe(true);
  });

  it('is the admin’s only', async () => {
    const client = await signedInUser(app, 'Client');
    expectApiError(await get('/api/transaction?type=Payout&after=abc', client), 403, 'FORBIDDEN');
  });
});

/** A cursor of any text, as an edited or forged one would be. */
const raw = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('cursors that are not the server’s, or not this list’s', () => {
  it('refuses a cursor it cannot read with 422 on its field, and both cursors at once with 400', async () => {
    const client = await signedInUser(app, 'Client');
    const base = `/api/transaction/user/${client.id}`;
    const bad = [
      'not-a-cursor',
      raw('2026-03-02T10:00:00.123456Z'),
      raw('2026-03-02T10:00:00.123Z|7c9e6679-7425-40de-944b-e07fc1f90ae7'),
      raw('2026-02-30T10:00:00.000000Z|7c9e6679-7425-40de-944b-e07fc1f90ae7'),
      raw('0000-01-01T00:00:00.000000Z|7c9e6679-7425-40de-944b-e07fc1f90ae7'),
      raw('2026-03-02T10:00:00.000000Z|not-a-uuid'),
      raw("2026-03-02T10:00:00.000000Z'; drop table transactions; --|7c9e6679-7425-40de-944b-e07fc1f90ae7"),
      raw('2026-03-02T10:00:00.000000Z|7C9E6679-7425-40DE-944B-E07FC1F90AE7|extra'),
      '2026-03-02T10:00:00.000000Z|7c9e6679-7425-40de-944b-e07fc1f90ae7',
    ];
    for (const cursor of bad) {
      for (const field of ['after', 'before'] as const) {
        for (const url of [base, '/api/transaction']) {
          const as = url === base ? client : admin;
          const body = expectApiError(await get(withQuery(url, { [field]: cursor }), as), 422, 'VALIDATION');
          expect(body.fieldKeys?.[field]?.key, `${field}=${cursor}`).toBe('validation.invalidValue');
        }
      }
    }
    const good = encodeTimeIdCursor({ at: '2026-03-02T10:00:00.000000Z', id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    const both = expectApiError(await get(withQuery(base, { after: good, before: good }), client), 400, 'VALIDATION');
    expect(both.fieldKeys?.before?.key).toBe('validation.invalidValue');
    expectApiError(await get(withQuery(base, { after: 'x'.repeat(201) }), client), 400, 'VALIDATION');
  });

  it('shows a client only their own rows, whatever cursor they send', async () => {
    const [mine, theirs] = await Promise.all([signedInUser(app, 'Client'), signedInUser(app, 'Client')]);
    const own = await insertRows(mine.id, crowdedInstants('2026-05-03'));
    const others = await insertRows(theirs.id, crowdedInstants('2026-05-03'));
    const theirPage = await pageAt(`/api/transaction/user/${theirs.id}?limit=5`, theirs);
    const adminPage = await pageAt('/api/transaction?limit=5', admin);
    // Another client's cursors, the admin list's, and made-up ones at both ends of time.
    const cursors = [
      theirPage.nextCursor,
      adminPage.nextCursor,
      encodeTimeIdCursor({ at: '9999-12-31T23:59:59.999999Z', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }),
      encodeTimeIdCursor({ at: '1970-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' }),
    ];
    for (const cursor of cursors) {
      for (const field of ['after', 'before'] as const) {
        const page = await pageAt(
          withQuery(`/api/transaction/user/${mine.id}`, { limit: 50, [field]: cursor as string }),
          mine,
        );
        for (const id of idsOf(page)) expect(own).toContain(id);
        for (const id of others) expect(idsOf(page)).not.toContain(id);
      }
    }
    // Another client's history stays refused, with or without a cursor.
    expectApiError(
      await get(withQuery(`/api/transaction/user/${theirs.id}`, { after: theirPage.nextCursor as string }), mine),
      403,
      'FORBIDDEN',
    );
  });

  it('answers a cursor of a row since deleted from where that row was', async () => {
    const client = await signedInUser(app, 'Client');
    const ids = await insertRows(client.id, crowdedInstants('2026-06-04'));
    const base = `/api/transaction/user/${client.id}`;
    const first = await pageAt(withQuery(base, { limit: 5 }), client);
    const last = first.transactions.at(-1)?.id as string;
    await app.db.execute(sql`update transactions set deleted_at = now() where id = ${last}::uuid`);
    const next = await pageAt(withQuery(base, { limit: 5, after: first.nextCursor as string }), client);
    const everything = idsOf(await pageAt(withQuery(base, { limit: 100 }), client));
    expect(idsOf(next)).toEqual(everything.slice(4, 9));
    expect(everything).toHaveLength(ids.length - 1);
    // Back up from page 2: fewer than a page above it now, so the first page whole.
    const back = await pageAt(withQuery(base, { limit: 5, before: next.prevCursor as string }), client);
    expect(idsOf(back)).toEqual(everything.slice(0, 5));
    expect(back.prevCursor).toBeNull();
    await liveCountsAgree();
  });
});
