import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import type { ZWithdrawalAnswer } from '@meridian/contracts/transactions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { postAccountChanges } from '../../../../test/helpers/account-changes.ts';
import { ensureActiveAddress } from '../../../../test/helpers/address-book-fixtures.ts';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { asMultipart } from '../../../../test/helpers/bodies.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { balancesOf, mustFund, setStatus, verifyFreshCode, withdraw } from '../../../../test/helpers/withdrawal-api.ts';
import { createWithdrawalMethod } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema/ledger.ts';
import { transactions, withdrawalCodes, withdrawalMethods } from '../../../db/schema/money.ts';
import { verifyLedger } from '../../../ledger/verify.ts';

type TWithdrawalAnswer = z.infer<typeof ZWithdrawalAnswer>;

let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
/** USDT (TRC20), $10 to $100,000. */
let methodId: string;
beforeAll(async () => {
  // Clients are funded up to $100,000 by one credit each; four eyes is approvals.test.ts's.
  t = await buildTestApp({ APPROVAL_ADJUSTMENT_ABOVE: null });
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  methodId = (await createWithdrawalMethod(app, { minAmount: 1_000n, maxAmount: 10_000_000n })).id;
});
afterAll(async () => {
  // Whatever the tests did, the ledger still explains every balance.
  const report = await verifyLedger(app.db);
  expect(report).toMatchObject({ ok: true, total: '0' });
  await t.close();
});

/** Adds profit through the admin's Add Profit call. */
async function addProfit(userId: string, amount: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/trade/profit/${userId}`,
    headers: admin.headers,
    payload: { amount, reason: 'Payout' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A client with `balance` dollars (and `profit` dollars of profit) and a verified code. */
async function readyClient(balance: number, profit = 0): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  if (balance > 0) await mustFund(app, admin, client.id, balance);
  if (profit > 0) await addProfit(client.id, profit);
  await verifyFreshCode(app, client);
  return client;
}

/** Withdraws and expects success; returns the new withdrawal. */
async function mustWithdraw(client: TSignedIn, amount: number) {
  const res = await withdraw(app, client, methodId, amount);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TWithdrawalAnswer>().withdrawal;
}

/** The legs (account → cents) of the ledger postings of `kind` about a transaction. */
async function legsOf(transactionId: string, kind: string) {
  const rows = await app.db
    .select({ userId: ledgerEntries.userId, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.refId, transactionId), eq(ledgerTransactions.kind, kind)));
  return Object.fromEntries(rows.map((r) => [r.account, r.amount]));
}

async function postingCount(transactionId: string) {
  const rows = await app.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.refId, transactionId));
  return rows.map((r) => r.kind).sort();
}

describe('POST /api/withdrawal', () => {
  it('moves the amount into the hold and answers 201 with the Pending withdrawal', async () => {
    const client = await readyClient(250);
    const res = await withdraw(app, client, methodId, 100.5);
    expect(res.statusCode, res.body).toBe(201);
    const { message, withdrawal } = res.json<TWithdrawalAnswer>();
    expect(message).toBe('Withdrawal Initiated');
    expect(withdrawal).toMatchObject({
      type: 'Withdrawal',
      status: 'Pending',
      amount: 100.5,
      direction: 'out',
      withdrawalMethod: { id: methodId, name: 'USDT (TRC20)' },
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      userId: client.id,
    });
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 14_950n, profit: 0n, hold: 10_050n });
    expect(await legsOf(withdrawal.id, 'withdrawal.hold')).toEqual({ balance: -10_050n, withdrawal_hold: 10_050n });
  });

  it('takes profit first, then balance for the rest', async () => {
    const client = await readyClient(100, 30);
    const first = await mustWithdraw(client, 50);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 8_000n, profit: 0n, hold: 5_000n });
    expect(await legsOf(first.id, 'withdrawal.hold')).toEqual({
      profit: -3_000n,
      balance: -2_000n,
      withdrawal_hold: 5_000n,
    });

    await addProfit(client.id, 30);
    await verifyFreshCode(app, client);
    const second = await mustWithdraw(client, 20);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 8_000n, profit: 1_000n, hold: 7_000n });
    expect(await legsOf(second.id, 'withdrawal.hold')).toEqual({ profit: -2_000n, withdrawal_hold: 2_000n });
  });

  it('accepts the multipart form the web app sends', async () => {
    const client = await readyClient(50);
    await ensureActiveAddress(app, client, methodId, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    const body = asMultipart({
      amount: '12.34',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      withdrawalMethod: methodId,
      user: client.id,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/withdrawal',
      headers: { ...client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TWithdrawalAnswer>().withdrawal.amount).toBe(12.34);
  });

  it('allows ONE withdrawal per verified code', async () => {
    const client = await readyClient(500);
    await mustWithdraw(client, 20);
    const res = await withdraw(app, client, methodId, 20);
    expectApiError(res, 403, 'FORBIDDEN', 'Verify the code sent to your email before withdrawing');
    expect((await balancesOf(app, client.id)).hold).toBe(2_000n);
  });

  it('lets two withdrawals at the same moment spend one verification once', async () => {
    const client = await readyClient(500);
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(app, client, methodId, 20)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 48_000n, hold: 2_000n });
  });

  it('refuses without a verified code, or with one verified more than 10 minutes ago', async () => {
    const client = await signedInUser(app, 'Client');
    await mustFund(app, admin, client.id, 100);
    const message = 'Verify the code sent to your email before withdrawing';
    expectApiError(await withdraw(app, client, methodId, 20), 403, 'FORBIDDEN', message);

    await verifyFreshCode(app, client);
    await app.db
      .update(withdrawalCodes)
      .set({ verifiedAt: sql`now() - interval '10 minutes 1 second'` })
      .where(eq(withdrawalCodes.userId, client.id));
    expectApiError(await withdraw(app, client, methodId, 20), 403, 'FORBIDDEN', message);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 10_000n, hold: 0n });
  });

  it('still honours a code verified 9 minutes ago whose 10-minute life has run out', async () => {
    const client = await readyClient(100);
    await app.db
      .update(withdrawalCodes)
      .set({ verifiedAt: sql`now() - interval '9 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(withdrawalCodes.userId, client.id));
    await mustWithdraw(client, 20);
  });

  it('refuses more than balance + profit with 422 and keeps the verification for a smaller amount', async () => {
    const client = await readyClient(100, 25.5);
    const res = await withdraw(app, client, methodId, 125.51);
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS', 'The amount is more than you can withdraw ($125.50)');
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 10_000n, profit: 2_550n, hold: 0n });
    await mustWithdraw(client, 125.5);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 0n, profit: 0n, hold: 12_550n });
  });

  it('does not count the bonus as withdrawable', async () => {
    const client = await readyClient(10);
    await postAccountChanges(app, admin.id, client.id, { bonus: 5_000n }, 'Welcome bonus');
    const res = await withdraw(app, client, methodId, 20);
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS', 'The amount is more than you can withdraw ($10.00)');
  });

  it('refuses a withdrawal for someone else (403) and by an admin', async () => {
    const owner = await readyClient(100);
    const other = await readyClient(100);
    const res = await withdraw(app, other, methodId, 20, { user: owner.id });
    expectApiError(res, 403, 'FORBIDDEN', 'You can only act on your own account');
    expectApiError(await withdraw(app, admin, methodId, 20, { user: owner.id }), 403, 'FORBIDDEN');
    expect((await balancesOf(app, owner.id)).hold).toBe(0n);
    expect((await balancesOf(app, other.id)).hold).toBe(0n);
  });

  it('refuses a client whose withdrawals are disabled', async () => {
    const client = await readyClient(100);
    await setUserFields(app, client.id, { withdrawalEnabled: false });
    const res = await withdraw(app, client, methodId, 20);
    expectApiError(res, 403, 'FORBIDDEN', 'Withdrawals are disabled for your account, contact support for more info');
    await setUserFields(app, client.id, { withdrawalEnabled: true });
    await mustWithdraw(client, 20);
  });

  it('refuses an unknown or deleted method with 404', async () => {
    const client = await readyClient(100);
    const ghost = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expectApiError(await withdraw(app, client, ghost, 20), 404, 'NOT_FOUND', 'Payment method not found');
    const gone = await createWithdrawalMethod(app, { name: 'Old method' });
    await app.db.update(withdrawalMethods).set({ deletedAt: new Date() }).where(eq(withdrawalMethods.id, gone.id));
    expectApiError(await withdraw(app, client, gone.id, 20), 404, 'NOT_FOUND', 'Payment method not found');
  });

  it("keeps to the method's minimum and maximum, said on the amount field", async () => {
    const client = await readyClient(100_000);
    const small = expectApiError(
      await withdraw(app, client, methodId, 9.99),
      400,
      'VALIDATION',
      'Minimum amount is $10.00',
    );
    expect(small.fieldErrors?.amount).toBe('Minimum amount is $10.00');
    const big = await withdraw(app, client, methodId, 100_000.01);
    expectApiError(big, 400, 'VALIDATION', 'Maximum amount is $100,000.00');
    expect((await balancesOf(app, client.id)).hold).toBe(0n);
    // The limits themselves are allowed.
    await mustWithdraw(client, 10);
  });

  it('refuses an amount of 0 even when the method has no minimum', async () => {
    const client = await readyClient(100);
    const free = await createWithdrawalMethod(app, { name: 'No minimum', minAmount: 0n });
    expectApiError(await withdraw(app, client, free.id, 0), 400, 'VALIDATION', 'Amount must be greater than 0');
  });

  it('checks the form: amount, address, method and user are required', async () => {
    const client = await signedInUser(app, 'Client');
    const res = await app.inject({ method: 'POST', url: '/api/withdrawal', headers: client.headers, payload: {} });
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors).toMatchObject({ amount: 'Amount is required', address: 'Address is required' });
    const decimals = await withdraw(app, client, methodId, '10.001');
    expectApiError(decimals, 400, 'VALIDATION', 'Enter an amount in dollars with at most 2 decimals');
  });

  describe('the wallet address fits the network the method name implies', () => {
    /** Each address refused on the address field with its message; nothing held, the verified code not spent. */
    async function expectAddressesRefused(
      client: TSignedIn,
      method: string,
      refusals: readonly (readonly [address: string, key: string])[],
    ) {
      for (const [address, key] of refusals) {
        const res = await withdraw(app, client, method, 20, { address });
        const body = expectApiError(res, 400, 'VALIDATION');
        expect(body.fieldKeys?.address).toEqual({ key, params: {} });
        expect(body.fieldErrors?.address).toBe(messageText(key as TMessageKey));
        expect((await balancesOf(app, client.id)).hold).toBe(0n);
      }
    }

    it('TRC20: T and 33 base58 characters with a valid checksum', async () => {
      const client = await readyClient(100);
      await expectAddressesRefused(client, methodId, [
        ['TXyz', 'validation.tronAddressInvalid'],
        ['0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb', 'validation.tronAddressInvalid'],
        ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF', 'validation.walletAddressChecksum'],
      ]);
      // The code verified before the refusals still allows the withdrawal.
      const ok = await withdraw(app, client, methodId, 20, { address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json<TWithdrawalAnswer>().withdrawal.address).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    });

    it('ETH: 0x and 40 hex digits, with the EIP-55 checksum when the case is mixed', async () => {
      const eth = (await createWithdrawalMethod(app, { name: 'Ethereum (ETH)' })).id;
      const client = await readyClient(100);
      await expectAddressesRefused(client, eth, [
        ['0x123', 'validation.evmAddressInvalid'],
        ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'validation.evmAddressInvalid'],
        ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'validation.walletAddressChecksum'],
      ]);
      const ok = await withdraw(app, client, eth, 20, { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('BTC: a legacy 1…/3… or a bc1… address', async () => {
      const btc = (await createWithdrawalMethod(app, { name: 'Bitcoin (BTC)' })).id;
      const client = await readyClient(100);
      await expectAddressesRefused(client, btc, [
        ['TXyz', 'validation.bitcoinAddressInvalid'],
        ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'validation.walletAddressChecksum'],
      ]);
      const ok = await withdraw(app, client, btc, 20, { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
      expect(ok.statusCode, ok.body).toBe(201);
      await verifyFreshCode(app, client);
      const legacy = await withdraw(app, client, btc, 20, { address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' });
      expect(legacy.statusCode, legacy.body).toBe(201);
    });

    it('any other method takes any text', async () => {
      const wire = (await createWithdrawalMethod(app, { name: 'Bank wire' })).id;
      const client = await readyClient(100);
      const ok = await withdraw(app, client, wire, 20, { address: 'TXyz' });
      expect(ok.statusCode, ok.body).toBe(201);
    });
  });

  it('moves money once and replays the answer when the same Idempotency-Key is sent twice', async () => {
    const client = await readyClient(100);
    const first = await withdraw(app, client, methodId, 30, { key: 'withdraw-once' });
    const again = await withdraw(app, client, methodId, 30, { key: 'withdraw-once' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 7_000n, hold: 3_000n });
    const rows = await app.db.select().from(transactions).where(eq(transactions.userId, client.id));
    expect(rows.filter((r) => r.type === 'Withdrawal')).toHaveLength(1);

    const changed = await withdraw(app, client, methodId, 31, { key: 'withdraw-once' });
    expectApiError(changed, 422, 'IDEMPOTENCY_MISMATCH');
  });

  it('sends two submissions at the same moment with one key: money moves once', async () => {
    const client = await readyClient(100);
    const answers = await Promise.all([1, 2].map(() => withdraw(app, client, methodId, 30, { key: 'double-click' })));
    const statuses = answers.map((r) => r.statusCode).sort();
    // The second either replays the answer or is told the first is still running.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 7_000n, hold: 3_000n });
  });
});

describe('PUT /api/withdrawal/status/:id', () => {
  it('Completed: the hold leaves the platform to the external account', async () => {
    const client = await readyClient(100, 20);
    const w = await mustWithdraw(client, 50);
    const res = await setStatus(app, admin, w.id, 'Completed');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TWithdrawalAnswer>();
    expect(body.message).toBe('Withdrawal Status Updated Successfully');
    expect(body.withdrawal).toMatchObject({ id: w.id, status: 'Completed', amount: 50 });
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 7_000n, profit: 0n, hold: 0n });
    expect(await legsOf(w.id, 'withdrawal.completed')).toEqual({ withdrawal_hold: -5_000n, external: 5_000n });
  });

  it('Declined: the hold returns exactly to the accounts it came from', async () => {
    const client = await readyClient(100, 30);
    const w = await mustWithdraw(client, 50); // profit 30 + balance 20
    await addProfit(client.id, 5);
    const res = await setStatus(app, admin, w.id, 'Declined');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TWithdrawalAnswer>().withdrawal.status).toBe('Declined');
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 10_000n, profit: 3_500n, hold: 0n });
    expect(await legsOf(w.id, 'withdrawal.declined')).toEqual({
      withdrawal_hold: -5_000n,
      profit: 3_000n,
      balance: 2_000n,
    });
  });

  it('treats Completed and Declined as final (409); repeating the same status moves nothing', async () => {
    const client = await readyClient(200);
    const done = await mustWithdraw(client, 50);
    await verifyFreshCode(app, client);
    const declined = await mustWithdraw(client, 50);
    expect((await setStatus(app, admin, done.id, 'Completed')).statusCode).toBe(200);
    expect((await setStatus(app, admin, declined.id, 'Declined')).statusCode).toBe(200);

    const final = 'This status is final and cannot be changed';
    expectApiError(await setStatus(app, admin, done.id, 'Declined'), 409, 'CONFLICT', final);
    expectApiError(await setStatus(app, admin, done.id, 'Pending'), 409, 'CONFLICT', final);
    expectApiError(await setStatus(app, admin, declined.id, 'Completed'), 409, 'CONFLICT', final);
    expectApiError(await setStatus(app, admin, declined.id, 'Pending'), 409, 'CONFLICT', final);

    const repeat = await setStatus(app, admin, done.id, 'Completed');
    expect(repeat.statusCode).toBe(200);
    expect(await postingCount(done.id)).toEqual(['withdrawal.completed', 'withdrawal.hold']);
    expect(await postingCount(declined.id)).toEqual(['withdrawal.declined', 'withdrawal.hold']);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 15_000n, hold: 0n });
  });

  it('leaves a Pending withdrawal Pending, moving nothing', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 50);
    const res = await setStatus(app, admin, w.id, 'Pending');
    expect(res.statusCode).toBe(200);
    expect(await postingCount(w.id)).toEqual(['withdrawal.hold']);
  });

  it('moves the money once when two admins approve at the same moment without a key', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    const answers = await Promise.all([1, 2, 3].map(() => setStatus(app, admin, w.id, 'Completed')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await postingCount(w.id)).toEqual(['withdrawal.completed', 'withdrawal.hold']);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 6_000n, hold: 0n });
  });

  it('lets only one of a concurrent approve and decline win', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    const answers = await Promise.all([
      setStatus(app, admin, w.id, 'Completed'),
      setStatus(app, admin, w.id, 'Declined'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kinds = await postingCount(w.id);
    expect(kinds).toHaveLength(2);
    const b = await balancesOf(app, client.id);
    expect(b.hold).toBe(0n);
    expect(b.balance).toBe(kinds.includes('withdrawal.completed') ? 6_000n : 10_000n);
  });

  it('moves the money once when the same Idempotency-Key is sent twice, and replays the answer', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    const first = await setStatus(app, admin, w.id, 'Declined', 'decide-1');
    const again = await setStatus(app, admin, w.id, 'Declined', 'decide-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await postingCount(w.id)).toEqual(['withdrawal.declined', 'withdrawal.hold']);
  });

  it('writes an audit entry with the status before and after', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    await setStatus(app, admin, w.id, 'Completed');
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.entityId, w.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'withdrawal.status',
      actorId: admin.id,
      targetUserId: client.id,
      entityType: 'transaction',
      before: { status: 'Pending', amount: '$40.00' },
      after: { status: 'Completed', amount: '$40.00' },
    });
  });

  it('answers 404 for an unknown id and for a record that is not a withdrawal', async () => {
    expectApiError(await setStatus(app, admin, '7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Completed'), 404, 'NOT_FOUND');
    const client = await readyClient(100);
    const [adjustment] = await app.db.select().from(transactions).where(eq(transactions.userId, client.id));
    expectApiError(await setStatus(app, admin, adjustment?.id ?? '', 'Completed'), 404, 'NOT_FOUND');
  });

  it('requires a status from the list', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    expectApiError(await setStatus(app, admin, w.id, 'Approved'), 400, 'VALIDATION', 'Please select a status');
    expectApiError(await setStatus(app, admin, w.id, ''), 400, 'VALIDATION', 'Please select a status');
  });
});

describe('the payout reference of a withdrawal', () => {
  /** The shape of a TRON transaction hash: 64 hexadecimal characters (the fixture method is USDT (TRC20)). */
  const PAYOUT_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
  const complete = (id: string, reference: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/withdrawal/status/${id}`,
      headers: admin.headers,
      payload: { status: 'Completed', reference },
    });
  const putReference = (as: TSignedIn, id: string, reference: string) =>
    app.inject({ method: 'PUT', url: `/api/withdrawal/reference/${id}`, headers: as.headers, payload: { reference } });
  const clientReads = async (client: TSignedIn, id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/transaction/${id}`, headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ status: string; reference: string | null }>();
  };

  it('is recorded with Completed, in the audit entry, and the client then reads it on the withdrawal', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    expect(await clientReads(client, w.id)).toMatchObject({ status: 'Pending', reference: null });
    const res = await complete(w.id, ` ${PAYOUT_HASH} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TWithdrawalAnswer>().withdrawal).toMatchObject({ status: 'Completed', reference: PAYOUT_HASH });
    expect(await clientReads(client, w.id)).toMatchObject({ status: 'Completed', reference: PAYOUT_HASH });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, w.id));
    expect(audit?.after).toEqual({ status: 'Completed', amount: '$40.00', reference: PAYOUT_HASH });
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 6_000n, hold: 0n });
  });

  it('refuses one with another status and a mistyped hash, on its field, deciding and moving nothing', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    const declined = await app.inject({
      method: 'PUT',
      url: `/api/withdrawal/status/${w.id}`,
      headers: admin.headers,
      payload: { status: 'Declined', reference: PAYOUT_HASH },
    });
    const onlyCompleted = 'A payout reference can be recorded only for a completed withdrawal';
    expect(expectApiError(declined, 400, 'VALIDATION', onlyCompleted).fieldErrors).toEqual({
      reference: onlyCompleted,
    });
    const mistyped = await complete(w.id, `0x${PAYOUT_HASH}`);
    expect(expectApiError(mistyped, 400, 'VALIDATION').fieldErrors).toEqual({
      reference: 'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
    });
    expect(await clientReads(client, w.id)).toMatchObject({ status: 'Pending', reference: null });
    expect(await postingCount(w.id)).toEqual(['withdrawal.hold']);
  });

  it('completed without one, it is recorded later and can be corrected, each change audited', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 40);
    expect((await complete(w.id, '')).statusCode).toBe(200);
    expect(await clientReads(client, w.id)).toMatchObject({ status: 'Completed', reference: null });

    const later = await putReference(admin, w.id, 'Bank ref 2024/77');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<TWithdrawalAnswer>()).toMatchObject({
      message: 'Payout reference saved',
      withdrawal: { reference: 'Bank ref 2024/77' },
    });
    expect((await putReference(admin, w.id, PAYOUT_HASH)).statusCode).toBe(200);
    expect(await clientReads(client, w.id)).toMatchObject({ reference: PAYOUT_HASH });
    const entries = await app.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.id), eq(auditLog.action, 'withdrawal.payoutReference')))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { before: { reference: null }, after: { reference: 'Bank ref 2024/77' } },
      { before: { reference: 'Bank ref 2024/77' }, after: { reference: PAYOUT_HASH } },
    ]);
    // Money moved once, when it was completed.
    expect(await postingCount(w.id)).toEqual(['withdrawal.completed', 'withdrawal.hold']);
  });

  it('is refused before the withdrawal is paid and for a declined one (409), for clients (403) and unknown ids (404)', async () => {
    const client = await readyClient(200);
    const pending = await mustWithdraw(client, 40);
    await verifyFreshCode(app, client);
    const declined = await mustWithdraw(client, 40);
    expect((await setStatus(app, admin, declined.id, 'Declined')).statusCode).toBe(200);
    const onlyCompleted = 'A payout reference can be recorded only for a completed withdrawal';
    expectApiError(await putReference(admin, pending.id, PAYOUT_HASH), 409, 'CONFLICT', onlyCompleted);
    expectApiError(await putReference(admin, declined.id, PAYOUT_HASH), 409, 'CONFLICT', onlyCompleted);
    expectApiError(await putReference(client, pending.id, PAYOUT_HASH), 403, 'FORBIDDEN');
    expectApiError(await putReference(admin, '7c9e6679-7425-40de-944b-e07fc1f90ae7', PAYOUT_HASH), 404, 'NOT_FOUND');
    expectApiError(
      await putReference(admin, pending.id, ''),
      400,
      'VALIDATION',
      'Enter the transaction hash or reference',
    );
    expect(await clientReads(client, pending.id)).toMatchObject({ reference: null });
    expect(await clientReads(client, declined.id)).toMatchObject({ reference: null });
  });
});

describe('DELETE /api/withdrawal/:id', () => {
  const remove = (id: string) => app.inject({ method: 'DELETE', url: `/api/withdrawal/${id}`, headers: admin.headers });

  it('releases the hold of a Pending withdrawal like a decline, then hides it', async () => {
    const client = await readyClient(100, 10);
    const w = await mustWithdraw(client, 30); // profit 10 + balance 20
    const res = await remove(w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Delete successfully' });
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 10_000n, profit: 1_000n, hold: 0n });
    expect(await legsOf(w.id, 'withdrawal.deleted')).toEqual({
      withdrawal_hold: -3_000n,
      profit: 1_000n,
      balance: 2_000n,
    });

    const [row] = await app.db.select().from(transactions).where(eq(transactions.id, w.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.status).toBe('Declined');
    const list = await app.inject({ method: 'GET', url: `/api/withdrawal/user/${client.id}`, headers: client.headers });
    expect(list.json().withdrawals).toHaveLength(0);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, w.id));
    expect(audit).toMatchObject({ action: 'withdrawal.delete', actorId: admin.id, targetUserId: client.id });

    expectApiError(await remove(w.id), 404, 'NOT_FOUND');
    expectApiError(await setStatus(app, admin, w.id, 'Completed'), 404, 'NOT_FOUND');
  });

  it('keeps Completed and Declined withdrawals (409): they moved money', async () => {
    const client = await readyClient(200);
    const done = await mustWithdraw(client, 50);
    await verifyFreshCode(app, client);
    const declined = await mustWithdraw(client, 50);
    await setStatus(app, admin, done.id, 'Completed');
    await setStatus(app, admin, declined.id, 'Declined');
    const kept = 'This record moved money and is kept (transaction records are kept at least 7 years)';
    expectApiError(await remove(done.id), 409, 'CONFLICT', kept);
    expectApiError(await remove(declined.id), 409, 'CONFLICT', kept);
    const list = await app.inject({ method: 'GET', url: `/api/withdrawal/user/${client.id}`, headers: client.headers });
    expect(list.json().withdrawals).toHaveLength(2);
  });

  it('answers 404 for an id that is not a withdrawal', async () => {
    expectApiError(await remove('7c9e6679-7425-40de-944b-e07fc1f90ae7'), 404, 'NOT_FOUND');
  });
});

describe('GET /api/withdrawal/user/:userId and GET /api/withdrawal', () => {
  it("pages a client's withdrawals newest first; others' are not theirs to read", async () => {
    const client = await readyClient(1_000);
    for (const amount of [11, 12, 13]) {
      await mustWithdraw(client, amount);
      await verifyFreshCode(app, client);
    }
    const page1 = await app.inject({
      method: 'GET',
      url: `/api/withdrawal/user/${client.id}?page=1&limit=2`,
      headers: client.headers,
    });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().totalPage).toBe(2);
    expect(page1.json().withdrawals.map((w: { amount: number }) => w.amount)).toEqual([13, 12]);
    expect(page1.json().withdrawals[0].user).toBeUndefined();
    const page2 = await app.inject({
      method: 'GET',
      url: `/api/withdrawal/user/${client.id}?page=2&limit=2`,
      headers: client.headers,
    });
    expect(page2.json().withdrawals.map((w: { amount: number }) => w.amount)).toEqual([11]);

    const other = await signedInUser(app, 'Client');
    const refused = await app.inject({
      method: 'GET',
      url: `/api/withdrawal/user/${client.id}`,
      headers: other.headers,
    });
    expectApiError(refused, 403, 'FORBIDDEN');

    const asAdmin = await app.inject({
      method: 'GET',
      url: `/api/withdrawal/user/${client.id}`,
      headers: admin.headers,
    });
    expect(asAdmin.json().withdrawals[0].user).toMatchObject({ id: client.id, email: client.email });
  });

  it('lists every withdrawal for the admin with its client, and only withdrawals', async () => {
    const client = await readyClient(100);
    const w = await mustWithdraw(client, 25);
    const res = await app.inject({ method: 'GET', url: '/api/withdrawal?limit=100', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().withdrawals as Array<{ id: string; type: string; user?: { id: string } }>;
    expect(list[0]).toMatchObject({ id: w.id, user: { id: client.id } });
    expect(list.every((x) => x.type === 'Withdrawal')).toBe(true);
    expect(res.json().totalPage).toBeGreaterThanOrEqual(1);
  });
});
