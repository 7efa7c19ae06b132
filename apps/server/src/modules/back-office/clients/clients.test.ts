import type { TClientList, TCreateClientResponse } from '@meridian/contracts/clients';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { createUser, PASSWORD, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { makeImage } from '../../../../test/helpers/images.ts';
import { createPendingInvestment, createPlanRow } from '../../../../test/helpers/investment-fixtures.ts';
import { createApprovedInvestment } from '../../../../test/helpers/payout-fixtures.ts';
import { openFixturePosition, placeFixtureOrder } from '../../../../test/helpers/position-fixtures.ts';
import {
  insertFixtureSignal,
  MINUTE,
  minuteOf,
  moveSignalWindow,
  recordPricePath,
} from '../../../../test/helpers/signal-fixtures.ts';
import {
  createPendingWithdrawal,
  createWithdrawalMethod,
  fundClient,
} from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { kycSubmissions } from '../../../db/schema/kyc.ts';
import { ledgerEntries } from '../../../db/schema/ledger.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { transactions } from '../../../db/schema/money.ts';
import { passwordResetTokens, unlockRequests } from '../../../db/schema/recovery.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { users } from '../../../db/schema/users.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { setInvestmentStatus } from '../../investing/investments/investments.service.ts';
import { processDuePayouts } from '../../investing/payouts/processing.ts';
import { clearBalances } from '../../money/adjustments/adjustments.service.ts';
import { cancelOrder } from '../../trading/orders/orders.service.ts';
import { closeAtMarket } from '../../trading/positions/positions.service.ts';
import { joinSignal } from '../../trading/signals/signals.service.ts';

const { t, app, admin, client, agent } = await buildSignedInApp(['Admin', 'Client', 'Agent']);
afterAll(() => t.close());

const get = (url: string, as: TSignedIn | null = admin) =>
  app.inject({ method: 'GET', url, headers: as?.headers ?? {} });

const form = (overrides: Record<string, unknown> = {}) => {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    firstname: 'Grace',
    lastname: 'Hopper',
    username: `grace_${id}`,
    email: `grace.${id}@example.com`,
    phone: '+1 555 0100',
    country: 'US',
    address: '1 Navy Yard, Arlington',
    password: 'Cobol-1959!',
    ...overrides,
  };
};

const create = (body: Record<string, unknown>, encoding: (typeof ENCODINGS)[number] = 'json', as = admin) => {
  const encoded = encode(encoding, body);
  return app.inject({
    method: 'POST',
    url: '/api/admin/client',
    headers: { ...as.headers, ...encoded.headers },
    payload: encoded.payload,
  });
};

const close = (id: string, as: TSignedIn | null = admin) =>
  app.inject({ method: 'DELETE', url: `/api/client/${id}`, headers: as?.headers ?? {} });

describe('POST /api/admin/client (Add client)', () => {
  it.each(ENCODINGS)(
    'creates a client from a %s form: 201, the spec message, audited, able to sign in',
    async (enc) => {
      const body = form({ email: `Grace.${enc}@Example.com` });
      const res = await create(body, enc);
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<TCreateClientResponse>();
      expect(answer.message).toBe('Account created successfully');
      expect(answer.user).toMatchObject({ type: 'Client', email: `grace.${enc}@example.com`, isActive: true });
      expect(JSON.stringify(answer)).not.toContain(body.password);

      const [row] = await app.db.select().from(users).where(eq(users.id, answer.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.referralCode).toMatch(/^[A-Z0-9]+$/);

      const [audit] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'client.create'), eq(auditLog.targetUserId, answer.user.id)));
      expect(audit?.actorId).toBe(admin.id);
      expect(JSON.stringify(audit)).not.toContain(body.password);
      expect(JSON.stringify(audit)).not.toContain(row?.passwordHash);

      await expect(signIn(app, body.email, body.password)).resolves.toMatchObject({ id: answer.user.id });
    },
  );

  it.each([
    ['firstname', 'Firstname is required'],
    ['lastname', 'Lastname is required'],
    ['username', 'Username is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone Number is required'],
    ['country', 'Country is required'],
    ['address', 'Residential address is required'],
    ['password', 'Password is required'],
  ])('refuses a missing or blank %s with "%s"', async (field, message) => {
    const missing = await create(form({ [field]: undefined }));
    expectApiError(missing, 400, 'VALIDATION', message);
    if (field !== 'password') expectApiError(await create(form({ [field]: '   ' })), 400, 'VALIDATION', message);
  });

  it('keeps registration’s shape rules (email, short password)', async () => {
    expectApiError(await create(form({ email: 'nope' })), 400, 'VALIDATION', 'Invalid email address');
    expectApiError(
      await create(form({ password: 'short' })),
      400,
      'VALIDATION',
      'Password must be at least 8 characters',
    );
  });

  it('answers 409 "User already exists" for a taken email or username (any case)', async () => {
    const first = form();
    expect((await create(first)).statusCode).toBe(201);
    expectApiError(await create(form({ email: first.email.toUpperCase() })), 409, 'CONFLICT', 'User already exists');
    expectApiError(
      await create(form({ username: first.username.toUpperCase() })),
      409,
      'CONFLICT',
      'User already exists',
    );
  });

  it('is for admins only', async () => {
    expectApiError(
      await app.inject({ method: 'POST', url: '/api/admin/client', payload: form() }),
      401,
      'UNAUTHORIZED',
    );
    expectApiError(await create(form(), 'json', client), 403, 'FORBIDDEN');
    expectApiError(await create(form(), 'json', agent), 403, 'FORBIDDEN');
  });
});

describe('GET /api/client (Client Management list)', () => {
  it('pages open client accounts newest first, 10 by default, without admins or agents', async () => {
    for (let i = 0; i < 3; i++) await createUser(app, 'Client', { firstname: `Listed${i}` });
    const res = await get('/api/client?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TClientList>();
    expect(body.clients.length).toBeLessThanOrEqual(10);
    expect(body.clients.map((c) => c.firstname).slice(0, 3)).toEqual(['Listed2', 'Listed1', 'Listed0']);
    expect(body.clients.map((c) => c.id)).not.toContain(admin.id);
    expect(body.clients.map((c) => c.id)).not.toContain(agent.id);
    expect(Object.keys(body.clients[0] ?? {})).not.toContain('balance');

    const all = await app.db.$count(users, eq(users.type, 'Client'));
    const small = (await get('/api/client?page=2&limit=2')).json<TClientList>();
    expect(small.totalPage).toBe(Math.ceil(all / 2));
    const first = (await get('/api/client?page=1&limit=2')).json<TClientList>();
    expect(small.clients.map((c) => c.id)).not.toContain(first.clients[0]?.id);
  });

  it('is for admins only', async () => {
    expectApiError(await get('/api/client', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/client', client), 403, 'FORBIDDEN');
    expectApiError(await get('/api/client', agent), 403, 'FORBIDDEN');
  });
});

describe('GET /api/client/search', () => {
  let target: { id: string; email: string };
  beforeAll(async () => {
    target = await createUser(app, 'Client', {
      firstname: 'Katherine',
      lastname: 'Johnson',
      username: 'kjohnson_nasa',
      email: 'katherine.j@orbit.example',
      phone: '+1 757 555 0142',
    });
    await createUser(app, 'Client', { firstname: '100% real', lastname: 'Percent' });
  });
  const search = async (text: string) => {
    const res = await get(`/api/client/search?search=${encodeURIComponent(text)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TClientList>().clients.map((c) => c.id);
  };

  it.each([
    ['first name', 'katherine'],
    ['last name', 'JOHNSON'],
    ['full name', 'Katherine Johnson'],
    ['email', 'J@ORBIT.example'],
    ['username', 'kjohnson'],
    ['phone', '555 0142'],
    ['text with spaces around it', '  katherine  '],
  ])('matches by %s, case-insensitively', async (_, text) => {
    expect(await search(text)).toContain(target.id);
  });

  it('takes % and _ literally and finds nothing for unknown text', async () => {
    expect(await search('zz_no_such_client_zz')).toEqual([]);
    const percent = await search('100%');
    expect(percent).toHaveLength(1);
    expect(await search('%')).toHaveLength(1);
  });

  it('matches within one field (or the full name), never across two', async () => {
    expect(await search('Johnson kjohnson')).toEqual([]);
    expect(await search('nasa katherine')).toEqual([]);
    expect(await search('example +1 757')).toEqual([]);
    expect(await search('ine Johnson')).toContain(target.id);
    expectApiError(await get('/api/client/search?search=johnson%01kjohnson'), 400, 'VALIDATION');
  });

  it('pages its results newest first, with totalPage (also past the last page)', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createUser(app, 'Client', { lastname: 'Pagetest' }));
    const page = (n: number) =>
      get(`/api/client/search?search=pagetest&limit=2&page=${n}`).then((r) => r.json<TClientList>());
    const [one, two, five] = [await page(1), await page(2), await page(5)];
    expect(one.clients.map((c) => c.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(two.clients.map((c) => c.id)).toEqual([made[0]?.id]);
    expect(five.clients).toEqual([]);
    expect([one.totalPage, two.totalPage, five.totalPage]).toEqual([2, 2, 2]);
  });

  it('refuses empty or blank text with 400 (the UI never sends it)', async () => {
    const message = 'Enter a name, email, username or phone number to search';
    expectApiError(await get('/api/client/search?search='), 400, 'VALIDATION', message);
    expectApiError(await get('/api/client/search?search=%20%20'), 400, 'VALIDATION', message);
    expectApiError(await get('/api/client/search'), 400, 'VALIDATION', message);
  });

  it('is for admins only', async () => {
    expectApiError(await get('/api/client/search?search=a', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/client/search?search=a', client), 403, 'FORBIDDEN');
  });
});

describe('Client Management pages by cursor (after / before)', () => {
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TClientList>();
  };
  const ids = (pages: readonly TClientList[]) => pages.flatMap((p) => p.clients.map((c) => c.id));
  const join = (base: string, query: string) => `${base}${base.includes('?') ? '&' : '?'}${query}`;

  /** Every page read by number, then by `after` from page 1 and by `before` from the last page. */
  async function walk(base: string, limit: number) {
    const byNumber: TClientList[] = [];
    for (let n = 1; ; n++) {
      const p = await page(join(base, `limit=${limit}&page=${n}`));
      if (p.clients.length === 0) break;
      byNumber.push(p);
    }
    const forward = [await page(join(base, `limit=${limit}`))];
    for (let p = forward[0]; p?.nextCursor; ) {
      p = await page(join(base, `limit=${limit}&after=${p.nextCursor}`));
      forward.push(p);
    }
    const last = forward.at(-1) as TClientList;
    const backward = [last];
    for (let p: TClientList | undefined = last; p?.prevCursor; ) {
      p = await page(join(base, `limit=${limit}&before=${p.prevCursor}`));
      backward.unshift(p);
    }
    return { byNumber, forward, backward };
  }

  /** The open clients whose ids are in `only` (all when absent), newest first, as the database orders them. */
  const expected = async (only?: readonly string[]) => {
    const rows = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'Client'), isNull(users.closedAt)))
      .orderBy(desc(users.createdAt), desc(users.id));
    return rows.map((r) => r.id).filter((id) => !only || only.includes(id));
  };

  /** Clients a microsecond apart or at the very same instant: a cursor kept to the millisecond would lose some. */
  async function sameMoment(lastname: string) {
    const made: string[] = [];
    const moments = [
      '2020-01-01T00:00:00.000003Z',
      '2020-01-01T00:00:00.000003Z',
      '2020-01-01T00:00:00.000003Z',
      '2020-01-01T00:00:00.000002Z',
      '2020-01-01T00:00:00.000001Z',
      '2020-01-01T00:00:00.000001Z',
      '2020-01-01T00:00:00.000001Z',
    ];
    for (const at of moments) {
      const { id } = await createUser(app, 'Client', { lastname });
      await app.db.execute(sql`update users set created_at = ${at}::timestamptz where id = ${id}`);
      made.push(id);
    }
    // Closed accounts and staff at the same instants are never listed.
    const closed = await createUser(app, 'Client', { lastname });
    const staff = await createUser(app, 'Agent', { lastname });
    await app.db.execute(
      sql`update users set created_at = '2020-01-01T00:00:00.000002Z', closed_at = now() where id = ${closed.id}`,
    );
    await app.db.execute(sql`update users set created_at = '2020-01-01T00:00:00.000002Z' where id = ${staff.id}`);
    return { made, hidden: [closed.id, staff.id] };
  }

  it('walks every page by cursor, forward and back, as the pages by number (equal created_at included)', async () => {
    const { hidden } = await sameMoment('Tiebreak');
    for (let i = 0; i < 3; i++) await createUser(app, 'Client', { lastname: 'Tiebreak' });
    const all = await expected();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const { byNumber, forward, backward } = await walk('/api/client', 2);
    expect(ids(byNumber)).toEqual(all);
    expect(ids(forward)).toEqual(all);
    expect(ids(backward)).toEqual(all);
    // Page n is the same page whichever way it was reached, with the same cursors to its neighbours.
    const shape = ({ clients, nextCursor, prevCursor }: TClientList) => ({ clients, nextCursor, prevCursor });
    expect(forward.map(shape)).toEqual(byNumber.map(shape));
    expect(backward.map(shape)).toEqual(byNumber.map(shape));
    expect(ids(forward)).not.toContain(hidden[0]);
    expect(ids(forward)).not.toContain(hidden[1]);
    // The ends: nothing before page 1, nothing after the last page.
    expect(forward[0]?.prevCursor).toBeNull();
    expect(forward.at(-1)?.nextCursor).toBeNull();
    const middle = byNumber[2] as TClientList;
    expect(shape(await page(`/api/client?limit=2&page=4&after=${middle.nextCursor}`))).toEqual(
      shape(byNumber[3] as TClientList),
    );
    expect(shape(await page(`/api/client?limit=2&page=2&before=${middle.prevCursor}`))).toEqual(
      shape(byNumber[1] as TClientList),
    );
    // The last page by number counted its rows; the pages by cursor after it answer that total.
    expect(byNumber.at(-1)?.totalPage).toBe(Math.ceil(all.length / 2));
    expect(forward.every((p) => p.totalPage === Math.ceil(all.length / 2))).toBe(true);
  });

  it('keeps the search filter by cursor: the same results, pages and ends as by number', async () => {
    const { made } = await sameMoment('Cursorsearch');
    const newer = await createUser(app, 'Client', { firstname: 'Cursorsearch' });
    const { byNumber, forward, backward } = await walk('/api/client/search?search=cursorSEARCH', 3);
    const all = await expected([...made, newer.id]);
    expect(all).toHaveLength(8);
    expect(all[0]).toBe(newer.id);
    expect(ids(byNumber)).toEqual(all);
    expect(ids(forward)).toEqual(all);
    expect(ids(backward)).toEqual(all);
    expect(forward.map((p) => p.totalPage)).toEqual([3, 3, 3]);
    expect(forward.at(-1)?.nextCursor).toBeNull();
    expect(backward[0]?.prevCursor).toBeNull();
  });

  it('counts again at once after Add client and Delete client (a total is otherwise kept a few seconds)', async () => {
    const open = () => app.db.$count(users, and(eq(users.type, 'Client'), isNull(users.closedAt)));
    // With one client a page, the number of pages is the number of clients.
    await page('/api/client?limit=1');
    const added = await create(form());
    expect(added.statusCode, added.body).toBe(201);
    const withAdded = await open();
    expect((await page('/api/client?limit=1')).totalPage).toBe(withAdded);
    expect((await close(added.json<TCreateClientResponse>().user.id)).statusCode).toBe(200);
    expect((await page('/api/client?limit=1')).totalPage).toBe(withAdded - 1);
  });

  it('refuses a cursor it did not write with 422, and both cursors at once with 400', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const id = '7e0b8f62-4a55-4c1e-9a67-0a1b2c3d4e5f';
    const malformed = [
      '',
      'not a cursor!',
      b64('hello'),
      b64(`2020-01-01T00:00:00.000001Z|not-a-uuid`),
      b64(`2020-01-01T00:00:00Z|${id}`),
      b64(`2021-02-30T00:00:00.000001Z|${id}`),
      b64(`2021-01-01T25:00:00.000001Z|${id}`),
      b64(`["2020-01-01T00:00:00.000001Z","${id}"]`),
      `${b64(`2020-01-01T00:00:00.000001Z|${id}`)}==`,
    ];
    for (const cursor of malformed) {
      for (const field of ['after', 'before']) {
        for (const base of ['/api/client?', '/api/client/search?search=a&']) {
          const res = await get(`${base}${field}=${encodeURIComponent(cursor)}`);
          expectApiError(res, 422, 'VALIDATION', 'Invalid value');
          expect(res.json().fieldErrors).toEqual({ [field]: 'Invalid value' });
        }
      }
    }
    const good = b64(`2020-01-01T00:00:00.000001Z|${id}`);
    expect((await get(`/api/client?after=${good}`)).statusCode).toBe(200);
    expectApiError(await get(`/api/client?after=${good}&before=${good}`), 400, 'VALIDATION');
    expectApiError(await get(`/api/client/search?search=a&after=${good}&before=${good}`), 400, 'VALIDATION');
    expectApiError(await get(`/api/client?after=${'a'.repeat(201)}`), 400, 'VALIDATION');
  });
});

describe('DELETE /api/client/:clientId (close the account)', () => {
  const balancesOf = async (id: string) => {
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  it('refuses 409 while the client has money, and changes nothing', async () => {
    const rich = await createUser(app, 'Client');
    await fundClient(app, rich.id, 12_345n, admin.id);
    const res = await close(rich.id);
    expectApiError(
      res,
      409,
      'CONFLICT',
      'This client still has money on the account ($123.45). Pay out or clear every balance before deleting the account.',
    );
    const row = await balancesOf(rich.id);
    expect(row).toMatchObject({ closedAt: null, isActive: true, email: rich.email, balance: 12_345n });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.close'), eq(auditLog.targetUserId, rich.id)));
    expect(audits).toHaveLength(0);
  });

  it('refuses while money is held for a pending withdrawal', async () => {
    const holder = await createUser(app, 'Client');
    const method = await createWithdrawalMethod(app);
    await createPendingWithdrawal(app, holder.id, method.id, 5_000n);
    const row = await balancesOf(holder.id);
    expect(row?.balance).toBe(0n);
    expect(row?.withdrawalHold).toBe(5_000n);
    expectApiError(await close(holder.id), 409, 'CONFLICT');
  });

  it('closes a zero-balance client: cannot sign in, data erased, money records kept, ledger balanced', async () => {
    const person = await createUser(app, 'Client', {
      firstname: 'Dorothy',
      lastname: 'Vaughan',
      phone: '+1 555 0199',
      country: 'US',
      address: '7 Fortran Street',
      profile: '/api/avatars/0b6f1c9e-2d4a-4f7b-8c3e-5a6d7e8f9a0c.png',
    });
    const session = await signIn(app, person.email);
    // Money history: a credit later cleared, so the balances are zero but ledger entries exist.
    await fundClient(app, person.id, 50_000n, admin.id);
    await clearBalances(app.db, app.mail, admin.id, person.id, 'Paid out before closing', { above: null });
    const txCount = await app.db.$count(transactions, eq(transactions.userId, person.id));
    const entryCount = await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, person.id));
    expect(txCount).toBeGreaterThan(0);

    // Personal records with stored files.
    const png = await makeImage('png');
    const keys = [
      'kyc/11111111-1111-4111-8111-111111111111.png',
      'kyc/22222222-2222-4222-8222-222222222222.png',
      'unlock/33333333-3333-4333-8333-333333333333.png',
      'avatars/0b6f1c9e-2d4a-4f7b-8c3e-5a6d7e8f9a0c.png',
    ];
    for (const key of keys) await app.files.put(key, { data: png, contentType: 'image/png' });
    await app.db.insert(kycSubmissions).values({
      userId: person.id,
      documentType: 'passport',
      documentNumber: 'P1234567',
      fullName: 'Dorothy Vaughan',
      dateOfBirth: '1910-09-20',
      country: 'US',
      address: '7 Fortran Street',
      documentImageKey: keys[0] as string,
      selfieImageKey: keys[1] as string,
    });
    await app.db.insert(unlockRequests).values({ userId: person.id, kind: 'password', imageKey: keys[2] as string });
    await app.db
      .insert(passwordResetTokens)
      .values({ userId: person.id, tokenHash: `hash-${person.id}`, expiresAt: new Date(Date.now() + 3_600_000) });
    await app.db.insert(inAppMessages).values({ receiverId: person.id, subject: 'Hello', message: 'Personal note' });

    const res = await close(person.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Client deleted successfully' });

    // Personal data erased, account closed.
    const row = await balancesOf(person.id);
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      isActive: false,
      firstname: 'Closed',
      lastname: 'account',
      email: `closed-${person.id}@closed.invalid`,
      username: `closed-${person.id}`,
      phone: '',
      country: '',
      address: '',
      profile: null,
    });
    const rowText = JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    for (const personal of ['Dorothy', 'Vaughan', person.email, '0199', 'Fortran'])
      expect(rowText).not.toContain(personal);

    // Cannot sign in: the old email is unknown, the old session and refresh cookie are dead.
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expectApiError(login, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    const placeholderLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: row?.email, password: PASSWORD },
    });
    expectApiError(placeholderLogin, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    expectApiError(await get(`/api/client/${person.id}`, session), 401, 'UNAUTHORIZED');
    const refresh = await app.inject({ method: 'GET', url: '/api/refresh', headers: { cookie: session.cookie } });
    expect(refresh.statusCode).toBe(401);
    const live = await app.db.$count(sessionFamilies, eq(sessionFamilies.userId, person.id));
    const revoked = (await app.db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, person.id))).filter(
      (f) => f.revokedAt !== null,
    );
    expect(revoked).toHaveLength(live);

    // Personal records and their files are gone.
    expect(await app.db.$count(kycSubmissions, eq(kycSubmissions.userId, person.id))).toBe(0);
    expect(await app.db.$count(unlockRequests, eq(unlockRequests.userId, person.id))).toBe(0);
    expect(await app.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, person.id))).toBe(0);
    expect(await app.db.$count(inAppMessages, eq(inAppMessages.receiverId, person.id))).toBe(0);
    for (const key of keys) expect(await app.files.get(key)).toBeUndefined();

    // Money records kept; the ledger still balances.
    expect(await app.db.$count(transactions, eq(transactions.userId, person.id))).toBe(txCount);
    expect(await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, person.id))).toBe(entryCount);
    const ledger = await verifyLedger(app.db);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);

    // Audited without personal data.
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.close'), eq(auditLog.targetUserId, person.id)));
    expect(audit?.actorId).toBe(admin.id);
    const auditText = JSON.stringify(audit);
    for (const personal of ['Dorothy', 'Vaughan', person.email, 'Fortran']) expect(auditText).not.toContain(personal);

    // Gone from the admin's views; a second delete is 404.
    expectApiError(await get(`/api/client/${person.id}`), 404, 'NOT_FOUND');
    const listed = (await get('/api/client?limit=100')).json<TClientList>().clients.map((c) => c.id);
    expect(listed).not.toContain(person.id);
    expect((await get('/api/client/search?search=closed')).json<TClientList>().clients).toEqual([]);
    expectApiError(await close(person.id), 404, 'NOT_FOUND');
  });

  it('answers 404 for an unknown id or a user who is not a client', async () => {
    expectApiError(await close('7e0b8f62-4a55-4c1e-9a67-0a1b2c3d4e5f'), 404, 'NOT_FOUND');
    expectApiError(await close(agent.id), 404, 'NOT_FOUND');
    expectApiError(await close(admin.id), 404, 'NOT_FOUND');
  });

  it('is for admins only: a client cannot close even their own account', async () => {
    const other = await createUser(app, 'Client');
    expectApiError(await close(other.id, null), 401, 'UNAUTHORIZED');
    expectApiError(await close(other.id, client), 403, 'FORBIDDEN');
    expectApiError(await close(client.id, client), 403, 'FORBIDDEN');
    expectApiError(await close(other.id, agent), 403, 'FORBIDDEN');
    expect((await balancesOf(other.id))?.closedAt).toBeNull();
  });
});

describe('DELETE /api/client/:clientId while money could still move (docs/money.md, "Closing an account")', () => {
  const openItems = (counts: {
    deposits?: number;
    investments?: number;
    positions?: number;
    orders?: number;
    signals?: number;
  }) => {
    const { deposits = 0, investments = 0, positions = 0, orders = 0, signals = 0 } = counts;
    return (
      `This client still has open items (pending deposits: ${deposits}, unfinished investments: ${investments}, ` +
      `open positions: ${positions}, pending orders: ${orders}, unsettled signal entries: ${signals}). ` +
      'Settle or decline them before deleting the account.'
    );
  };
  const closedAt = async (id: string) =>
    (await app.db.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, id)))[0]?.closedAt;
  const emptyAll = (id: string) =>
    clearBalances(app.db, app.mail, admin.id, id, 'Paid out before closing', { above: null });

  it('refuses 409 while a deposit is pending; closes once it is declined, which then cannot be completed', async () => {
    const method = await createDepositMethodViaApi(app, admin);
    const person = await signedInUser(app, 'Client');
    const deposit = await declareDeposit(app, person, method.id, 100);
    const refused = expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ deposits: 1 }));
    expect(refused).toMatchObject({ key: 'clients.hasOpenItems', params: { deposits: 1, investments: 0 } });
    expect(await closedAt(person.id)).toBeNull();

    expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);
    expect((await close(person.id)).statusCode).toBe(200);
    // Declined is not final for an open account; for a closed one, completing it would strand the money.
    expectApiError(
      await putDepositStatus(app, admin, deposit.id, 'Completed'),
      409,
      'CONFLICT',
      'This account is closed',
    );
    const [row] = await app.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ balance: 0n, tradingBalance: 0n });
    const [tx] = await app.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(tx?.status).toBe('Declined');
    expect(await app.db.$count(ledgerEntries, eq(ledgerEntries.userId, person.id))).toBe(0);
  });

  it('refuses while an investment is pending after Clear Balance; a declined one does not count', async () => {
    const plan = await createPlanRow(app);
    const person = await createUser(app, 'Client');
    await createPendingInvestment(app, person.id, plan.id);
    await emptyAll(person.id);
    expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ investments: 1 }));
    expect(await closedAt(person.id)).toBeNull();

    const other = await createUser(app, 'Client');
    const declined = await createPendingInvestment(app, other.id, plan.id);
    await setInvestmentStatus(app.db, app.mail, admin.id, declined, 'Declined');
    await emptyAll(other.id);
    expect((await close(other.id)).statusCode).toBe(200);
  });

  it('refuses while an approved investment has payouts to come; closes once it matured', async () => {
    const { userId } = await createApprovedInvestment(app, {
      principal: 10_000n,
      interestBp: 700,
      duration: 7,
      noOfTimes: 1,
      approvedAt: new Date(Date.now() - 8 * 24 * 60 * MINUTE),
    });
    await emptyAll(userId);
    expectApiError(await close(userId), 409, 'CONFLICT', openItems({ investments: 1 }));

    await processDuePayouts(app.db, { mail: app.mail, now: new Date() });
    const [paid] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(paid?.profitBalance).toBe(700n);
    await emptyAll(userId);
    expect((await close(userId)).statusCode).toBe(200);
  });

  it('refuses while a position is open; closes once it is closed', async () => {
    const person = await createUser(app, 'Client');
    const position = await openFixturePosition(app, person.id);
    await emptyAll(person.id);
    expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ positions: 1 }));

    await closeAtMarket(
      app.db,
      { market: app.market, commissionBps: app.config.COMMISSION_BPS, exits: app.exits, mail: app.mail },
      admin.id,
      position.id,
      'Closing the account',
    );
    await emptyAll(person.id);
    expect((await close(person.id)).statusCode).toBe(200);
  });

  it('refuses while an order is pending after Clear Balance (it would open a position); closes once it is cancelled', async () => {
    const person = await createUser(app, 'Client');
    const order = await placeFixtureOrder(app, person.id);
    await emptyAll(person.id);
    expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ orders: 1 }));
    await cancelOrder(
      app.db,
      { market: app.market, commissionBps: app.config.COMMISSION_BPS, orders: app.orders },
      person.id,
      order.id,
    );
    await emptyAll(person.id);
    expect((await close(person.id)).statusCode).toBe(200);
  });

  it('refuses while a signal entry is unsettled; closes once the signal settled', async () => {
    const person = await createUser(app, 'Client');
    await fundClient(app, person.id, 1_000n, admin.id);
    const signal = await insertFixtureSignal(app);
    await joinSignal(app.db, { id: person.id, type: 'Client', sessionId: 'test' }, signal.id, 5);
    await emptyAll(person.id);
    expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ signals: 1 }));

    // The window passes and the prices reached the target: the signals job settles it as a gain.
    const opens = minuteOf(Date.now() - 30 * 24 * 60 * MINUTE);
    await moveSignalWindow(app, signal.id, opens, opens + 60 * MINUTE);
    await recordPricePath(app, 'EUR/USD', [{ minute: opens + 5 * MINUTE, high: 1.25, low: 1.15 }]);
    await app.jobs.runNow('signals');
    const [held] = await app.db.select().from(users).where(eq(users.id, person.id));
    expect(held?.profitBalance).toBe(50n);
    expectApiError(await close(person.id), 409, 'CONFLICT');

    await emptyAll(person.id);
    expect((await close(person.id)).statusCode).toBe(200);
  });

  it('names every kind that is open at once, after a balance left is reported first', async () => {
    const method = await createDepositMethodViaApi(app, admin);
    const person = await signedInUser(app, 'Client');
    await declareDeposit(app, person, method.id, 50);
    await openFixturePosition(app, person.id);
    await fundClient(app, person.id, 100n, admin.id);
    expect(expectApiError(await close(person.id), 409, 'CONFLICT').key).toBe('clients.hasBalance');
    await emptyAll(person.id);
    expectApiError(await close(person.id), 409, 'CONFLICT', openItems({ deposits: 1, positions: 1 }));
  });
});
