import { messageText } from '@meridian/contracts/messages';
import type { TDepositMethod, TWithdrawalMethod } from '@meridian/contracts/methods';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { ENCODINGS, encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { depositMethods, withdrawalMethods } from '../../../db/schema/money.ts';
import { DEFAULT_WITHDRAWAL_METHODS, seedWithdrawalMethods } from '../../../db/seed.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { qrCodeDataUrl } from '../../../lib/qr-code.ts';

const { t, app, admin, client } = await buildSignedInApp(['Admin', 'Client']);
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bitcoin (BTC)',
  value: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  description: 'Send BTC on the Bitcoin network',
  minAmount: 10,
  maxAmount: 50000,
  ...overrides,
});

const withdrawalForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'USDT (TRC20)',
  description: 'Paid to your TRC20 address',
  minAmount: 10,
  maxAmount: 50000,
  ...overrides,
});

async function lastAudit(action: string, entityId: string) {
  const [row] = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

const listDeposit = async () =>
  (await app.inject({ method: 'GET', url: '/api/depositmethod' })).json<{ depositMethods: TDepositMethod[] }>()
    .depositMethods;

describe('deposit methods', () => {
  it('answers the QR code of a method’s address to anyone, as an SVG data URL of that address alone', async () => {
    const created = await createDepositMethodViaApi(app, admin, form({ name: 'BTC for QR' }));
    const res = await app.inject({ method: 'GET', url: `/api/depositmethod/${created.id}/qr` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ value: string; qrCode: string }>();
    expect(body.value).toBe(form().value);
    expect(body.qrCode).toBe(await qrCodeDataUrl(form().value));
    const svg = Buffer.from(body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<script|href=/i);

    await app.inject({ method: 'DELETE', url: `/api/depositmethod/${created.id}`, headers: admin.headers });
    for (const id of [created.id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      expectApiError(await app.inject({ method: 'GET', url: `/api/depositmethod/${id}/qr` }), 404, 'NOT_FOUND');
    }
  });

  it('creates a method: 201 with the spec message, dollars in the answer, cents in the database, audited', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: form({ minAmount: 10.5, maxAmount: '50000.99' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; depositMethod: TDepositMethod }>();
    expect(body.message).toBe('New Deposit Method Created Successfully');
    expect(body.depositMethod).toMatchObject({ ...form(), minAmount: 10.5, maxAmount: 50000.99 });

    const [row] = await app.db.select().from(depositMethods).where(eq(depositMethods.id, body.depositMethod.id));
    expect(row?.minAmount).toBe(1050n);
    expect(row?.maxAmount).toBe(5000099n);

    const audit = await lastAudit('depositMethod.create', body.depositMethod.id);
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({ name: 'Bitcoin (BTC)', minAmount: 10.5, maxAmount: 50000.99 });
  });

  it.each(ENCODINGS)('takes the form as %s', async (encoding) => {
    const value = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const body = encode(encoding, form({ name: `ETH ${encoding}`, value, minAmount: '0', maxAmount: '25.50' }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/depositmethod',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().depositMethod).toMatchObject({ name: `ETH ${encoding}`, minAmount: 0, maxAmount: 25.5 });
  });

  it('lists live methods publicly (no token), newest first, with the wallet address', async () => {
    const older = await createDepositMethodViaApi(app, admin, { name: 'Older' });
    const newer = await createDepositMethodViaApi(app, admin, { name: 'Newer' });
    const list = await listDeposit();
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((m) => m.id === newer.id)).toEqual(newer);

    const one = await app.inject({ method: 'GET', url: `/api/depositmethod/${newer.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(newer);
    // The specification's client spells the detail read `depositMethod/{id}`: paths match in any case.
    const spelled = await app.inject({ method: 'GET', url: `/api/depositMethod/${newer.id}` });
    expect(spelled.statusCode, spelled.body).toBe(200);
    expect(spelled.json()).toEqual(newer);
  });

  it('answers 404 "Payment method not found" for a method that does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/depositmethod/7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expectApiError(res, 404, 'NOT_FOUND', 'Payment method not found');
  });

  it.each([
    [{ name: '' }, 'name', 'Method name is required'],
    [{ value: '  ' }, 'value', 'Payment address is required'],
    [{ description: undefined }, 'description', 'Description is required'],
    [{ minAmount: undefined }, 'minAmount', 'Minimum amount is required'],
    [{ maxAmount: '' }, 'maxAmount', 'Maximum amount is required'],
    [{ minAmount: -1 }, 'minAmount', 'Amount must be positive'],
    [{ maxAmount: 10.001 }, 'maxAmount', 'Enter an amount in dollars with at most 2 decimals'],
    [{ minAmount: 100, maxAmount: 99.99 }, 'maxAmount', 'The minimum cannot be above the maximum'],
  ])('refuses %j: %s says "%s"', async (change, field, message) => {
    const before = (await listDeposit()).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: form(change),
    });
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors?.[field]).toBe(message);
    expect((await listDeposit()).length).toBe(before);
  });

  it('refuses an address that does not fit the network the name implies, on create and on update', async () => {
    const before = (await listDeposit()).length;
    const create = await app.inject({
      method: 'POST',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: form({ name: 'USDT (TRC20)', value: 'TXyz' }),
    });
    const created = expectApiError(create, 400, 'VALIDATION');
    expect(created.fieldKeys?.value).toEqual({ key: 'validation.tronAddressInvalid', params: {} });
    expect(created.fieldErrors?.value).toBe(messageText('validation.tronAddressInvalid'));
    expect((await listDeposit()).length).toBe(before);

    const method = await createDepositMethodViaApi(app, admin);
    const update = await app.inject({
      method: 'PUT',
      url: '/api/depositmethod',
      headers: admin.headers,
      // A Bitcoin address on an Ethereum method.
      payload: { id: method.id, ...form({ name: 'USDT (ERC20)' }) },
    });
    const updated = expectApiError(update, 400, 'VALIDATION');
    expect(updated.fieldKeys?.value?.key).toBe('validation.evmAddressInvalid');
    const unchanged = await app.inject({ method: 'GET', url: `/api/depositmethod/${method.id}` });
    expect(unchanged.json()).toMatchObject({ name: method.name, value: method.value });
  });

  it('takes any address for a method of no known network', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: form({ name: 'Bank wire', value: 'IBAN DE89 3704 0044 0532 0130 00' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('updates a method by the id in the body, audited with before and after', async () => {
    const method = await createDepositMethodViaApi(app, admin, { name: 'To update' });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: { id: method.id, ...form({ name: 'Updated', value: 'new-address', minAmount: 20, maxAmount: 100 }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; depositMethod: TDepositMethod }>();
    expect(body.message).toBe('Deposit Method Updated Successfully');
    expect(body.depositMethod).toMatchObject({
      id: method.id,
      name: 'Updated',
      value: 'new-address',
      minAmount: 20,
      maxAmount: 100,
      createdAt: method.createdAt,
    });
    const audit = await lastAudit('depositMethod.update', method.id);
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toMatchObject({ name: 'To update', minAmount: 10 });
    expect(audit?.after).toMatchObject({ name: 'Updated', minAmount: 20 });
  });

  it('refuses to update a method that does not exist or was deleted (404)', async () => {
    const ghost = await app.inject({
      method: 'PUT',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', ...form() },
    });
    expectApiError(ghost, 404, 'NOT_FOUND', 'Payment method not found');

    const method = await createDepositMethodViaApi(app, admin);
    await app.inject({ method: 'DELETE', url: `/api/depositmethod/${method.id}`, headers: admin.headers });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: { id: method.id, ...form() },
    });
    expectApiError(res, 404, 'NOT_FOUND', 'Payment method not found');
  });

  it('deletes a method: gone from the list and the detail, audited; deleting again is 404', async () => {
    const method = await createDepositMethodViaApi(app, admin, { name: 'To delete' });
    const res = await app.inject({ method: 'DELETE', url: `/api/depositmethod/${method.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Deposit Method deleted successfully' });

    expect((await listDeposit()).map((m) => m.id)).not.toContain(method.id);
    const detail = await app.inject({ method: 'GET', url: `/api/depositmethod/${method.id}` });
    expectApiError(detail, 404, 'NOT_FOUND', 'Payment method not found');
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/depositmethod/${method.id}`,
      headers: admin.headers,
    });
    expectApiError(again, 404, 'NOT_FOUND', 'Payment method not found');

    const audit = await lastAudit('depositMethod.delete', method.id);
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toMatchObject({ name: 'To delete' });
  });

  it('keeps the method name and address in the history of deposits made before it changed or was deleted', async () => {
    const method = await createDepositMethodViaApi(app, admin, { name: 'Old name', value: 'old-address' });
    const deposit = await declareDeposit(app, client, method.id, 50);
    expect((await putDepositStatus(app, admin, deposit.id, 'Completed')).statusCode).toBe(200);
    await app.inject({
      method: 'PUT',
      url: '/api/depositmethod',
      headers: admin.headers,
      payload: { id: method.id, ...form({ name: 'New name', value: 'new-address' }) },
    });
    await app.inject({ method: 'DELETE', url: `/api/depositmethod/${method.id}`, headers: admin.headers });

    const res = await app.inject({ method: 'GET', url: `/api/transaction/${deposit.id}`, headers: client.headers });
    expect(res.json().depositMethod).toEqual({ id: method.id, name: 'Old name', value: 'old-address' });
    expect((await verifyLedger(app.db)).ok).toBe(true);
  });

  it('lets no client change methods (403), and changes nothing', async () => {
    const method = await createDepositMethodViaApi(app, admin, { name: 'Untouched' });
    const calls = [
      { method: 'POST' as const, url: '/api/depositmethod', payload: form() },
      { method: 'PUT' as const, url: '/api/depositmethod', payload: { id: method.id, ...form({ name: 'Hacked' }) } },
      { method: 'DELETE' as const, url: `/api/depositmethod/${method.id}` },
    ];
    const before = await listDeposit();
    for (const call of calls) expectApiError(await app.inject({ ...call, headers: client.headers }), 403, 'FORBIDDEN');
    expect(await listDeposit()).toEqual(before);
  });
});

describe('withdrawal methods', () => {
  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/withdrawalmethod', headers: admin.headers, payload });

  it('creates, reads, updates and deletes a method with the spec messages, each audited', async () => {
    const created = await create(withdrawalForm({ minAmount: '10.25' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('New Withdrawal Method Created Successfully');
    const method = created.json<{ withdrawalMethod: TWithdrawalMethod }>().withdrawalMethod;
    expect(method).toMatchObject({ ...withdrawalForm(), minAmount: 10.25 });
    expect(method).not.toHaveProperty('value');

    const list = await app.inject({ method: 'GET', url: '/api/withdrawalmethod', headers: client.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().withdrawalMethods[0]).toEqual(method);
    const one = await app.inject({ method: 'GET', url: `/api/withdrawalmethod/${method.id}`, headers: client.headers });
    expect(one.json()).toEqual(method);

    const updated = await app.inject({
      method: 'PUT',
      url: '/api/withdrawalmethod',
      headers: admin.headers,
      payload: { id: method.id, ...withdrawalForm({ name: 'USDT (TRC20) fast', maxAmount: 1000 }) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Withdrawal Method Updated Successfully',
      withdrawalMethod: { id: method.id, name: 'USDT (TRC20) fast', maxAmount: 1000 },
    });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/withdrawalmethod/${method.id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ message: 'Withdrawal Method deleted successfully' });
    const gone = await app.inject({
      method: 'GET',
      url: `/api/withdrawalmethod/${method.id}`,
      headers: client.headers,
    });
    expectApiError(gone, 404, 'NOT_FOUND', 'Payment method not found');

    for (const action of ['withdrawalMethod.create', 'withdrawalMethod.update', 'withdrawalMethod.delete']) {
      expect((await lastAudit(action, method.id))?.actorId, action).toBe(admin.id);
    }
    const [row] = await app.db.select().from(withdrawalMethods).where(eq(withdrawalMethods.id, method.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('needs a signed-in client or admin to read', async () => {
    expectApiError(await app.inject({ method: 'GET', url: '/api/withdrawalmethod' }), 401, 'UNAUTHORIZED');
  });

  it('has no wallet address: a `value` field is refused', async () => {
    const res = await create(withdrawalForm({ value: 'x' }));
    expectApiError(res, 400, 'VALIDATION', 'Unexpected field: value');
  });

  it('refuses a minimum above the maximum', async () => {
    const res = await create(withdrawalForm({ minAmount: 20, maxAmount: 10 }));
    expect(expectApiError(res, 400, 'VALIDATION').fieldErrors?.maxAmount).toBe(
      'The minimum cannot be above the maximum',
    );
  });
});

describe('seeded withdrawal methods', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp();
  });
  afterAll(() => fresh.close());

  it('seeds USDT (TRC20), Bitcoin and Ethereum ($10 to $50,000) once, even when two instances start at once', async () => {
    const created = await Promise.all([seedWithdrawalMethods(fresh.app.db), seedWithdrawalMethods(fresh.app.db)]);
    expect(created.sort()).toEqual([0, 3]);
    const rows = await fresh.app.db.select().from(withdrawalMethods);
    expect(rows.map((r) => r.name).sort()).toEqual(['Bitcoin (BTC)', 'Ethereum (ETH)', 'USDT (TRC20)']);
    for (const row of rows) {
      expect(row.minAmount).toBe(1_000n);
      expect(row.maxAmount).toBe(5_000_000n);
      expect(row.description.length).toBeGreaterThan(20);
    }
    expect(DEFAULT_WITHDRAWAL_METHODS).toHaveLength(3);
    // Deposit methods carry a real wallet address only the operator can give: none is seeded.
    expect(await fresh.app.db.select().from(depositMethods)).toEqual([]);
  });

  it('does not seed again once the operator has deleted the methods', async () => {
    await fresh.app.db.update(withdrawalMethods).set({ deletedAt: new Date() });
    expect(await seedWithdrawalMethods(fresh.app.db)).toBe(0);
    const live = await fresh.app.inject({ method: 'GET', url: '/api/depositmethod' });
    expect(live.json()).toEqual({ depositMethods: [] });
  });
});
