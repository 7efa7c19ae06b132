import type { TApprovalPage } from '@meridian/contracts/approvals';
import type { TPayoutTx, TWithdrawalPayout } from '@meridian/contracts/chain-payouts';
import type { TTransaction } from '@meridian/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeAfterLedgerCheck, type TestApp } from '../../../../test/helpers/build-app.ts';
import { startEvmNode, type TEvmNode } from '../../../../test/helpers/evm-node.ts';
import { compileTestToken, deployTestToken, type TTestToken } from '../../../../test/helpers/evm-token.ts';
import { createUser, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import {
  createPendingWithdrawal,
  createWithdrawalMethod,
  sampleWalletAddress,
} from '../../../../test/helpers/withdrawal-fixtures.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { users } from '../../../db/schema/users.ts';

/**
 * Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain") against a real local node
 * (Hardhat, test/helpers/evm-node.ts): staff record the token transfer that paid a pending withdrawal,
 * and the payout watcher completes it once that transfer is confirmed, and only if it pays the
 * withdrawal; a reverted, misdirected, short or reorganised-away transfer never completes it.
 */

const CONFIRMATIONS = 3;
const SETTINGS = {
  CHAIN_WATCH_INTERVAL_MS: 86_400_000,
  CHAIN_RPC_TIMEOUT_MS: 1_500,
  // Four eyes above $1,000.
  APPROVAL_WITHDRAWAL_ABOVE: 100_000n,
};
const METHOD_NAME = 'USDT (ERC20)';
const PAYEE = sampleWalletAddress(METHOD_NAME) as Address;
/** Hardhat's second default account: unlocked on the node, holding no test tokens. */
const EMPTY_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;

let node: TEvmNode;
let token: TTestToken;
let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let approver: TSignedIn;
let methodId: string;

beforeAll(async () => {
  node = await startEvmNode();
  token = await deployTestToken(node);
  t = await buildTestApp(SETTINGS);
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  approver = await signIn(app, (await createUser(app, 'Admin', { staffRole: 'Finance' })).email);
  methodId = (await createWithdrawalMethod(app, { name: METHOD_NAME, description: 'Tether on Ethereum' })).id;
  const res = await app.inject({
    method: 'PUT',
    url: `/api/withdrawalmethod/${methodId}/watch`,
    headers: admin.headers,
    payload: {
      chain: 'ethereum',
      rpcUrl: node.url,
      confirmations: CONFIRMATIONS,
      asset: 'erc20',
      tokenAddress: token.address,
      tokenDecimals: 6,
      explorerTxUrl: 'https://etherscan.io/tx/{tx}',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);

afterAll(async () => {
  if (t) await closeAfterLedgerCheck(t);
  await node?.stop();
});

const mine = (blocks = 1) => node.client.mine({ blocks });
const runWatcher = (on: FastifyInstance = app) => on.jobs.runNow('chain-payouts');
/** Dollars in the token's units (6 decimals). */
const usdt = (dollars: number) => BigInt(dollars) * 1_000_000n;

/** A client with a pending withdrawal of `dollars` to PAYEE on the watched method. */
async function pendingWithdrawal(dollars: number): Promise<{ client: TSignedIn; id: string }> {
  const client = await signedInUser(app, 'Client');
  const id = await createPendingWithdrawal(app, client.id, methodId, BigInt(dollars) * 100n);
  return { client, id };
}

function record(id: string, txHash: string, as: TSignedIn = admin) {
  return app.inject({ method: 'PUT', url: `/api/withdrawal/payout/${id}`, headers: as.headers, payload: { txHash } });
}

async function recorded(id: string, txHash: string): Promise<TPayoutTx> {
  const res = await record(id, txHash);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payout: TPayoutTx }>().payout;
}

async function payoutOf(id: string, as: TSignedIn): Promise<TPayoutTx> {
  const res = await app.inject({ method: 'GET', url: `/api/withdrawal/payout/${id}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<TWithdrawalPayout>();
  expect(answer.watched).toBe(true);
  return answer.payout as TPayoutTx;
}

async function withdrawalOf(client: TSignedIn, id: string): Promise<TTransaction | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/withdrawal/user/${client.id}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ withdrawals: TTransaction[] }>().withdrawals.find((w) => w.id === id);
}

async function moneyOf(userId: string) {
  const [row] = await app.db
    .select({ balance: users.balance, hold: users.withdrawalHold })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** How many `withdrawal.completed` postings name this withdrawal: exactly once is 1. */
async function completionsOf(id: string): Promise<number> {
  const rows = await app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'withdrawal.completed'), eq(ledgerTransactions.refId, id)));
  return rows.length;
}

/** A token transfer sent by an account holding no tokens: mined, but reverted. */
async function revertingTransfer(to: Address, amount: bigint) {
  const { abi } = compileTestToken();
  return node.client.writeContract({
    address: token.address,
    abi,
    functionName: 'transfer',
    args: [to, amount],
    account: EMPTY_ACCOUNT,
    chain: node.client.chain,
    gas: 100_000n,
  });
}

describe('a recorded payout', () => {
  it('stays pending before N confirmations and completes once at N: the hold leaves, nothing else moves', async () => {
    const { client, id } = await pendingWithdrawal(50);
    const before = await moneyOf(client.id);
    expect(before?.hold).toBe(5_000n);
    const hash = await token.transfer(PAYEE, usdt(50));
    await mine();
    expect(await recorded(id, hash)).toMatchObject({ status: 'confirming', txHash: hash, confirmations: 0 });
    await runWatcher();
    // The client sees it confirming, with the explorer's link.
    expect(await payoutOf(id, client)).toMatchObject({
      status: 'confirming',
      confirmations: 1,
      requiredConfirmations: CONFIRMATIONS,
      problem: null,
      explorerUrl: `https://etherscan.io/tx/${hash}`,
    });
    await mine();
    await runWatcher();
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Pending' });
    expect(await moneyOf(client.id)).toEqual(before);
    expect(await completionsOf(id)).toBe(0);

    await mine();
    await runWatcher();
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Completed', reference: hash });
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'completed', confirmations: CONFIRMATIONS });
    expect(await moneyOf(client.id)).toEqual({ balance: before?.balance, hold: 0n });
    expect(await completionsOf(id)).toBe(1);

    await mine(2);
    await runWatcher();
    expect(await completionsOf(id)).toBe(1);
    expect(await moneyOf(client.id)).toEqual({ balance: before?.balance, hold: 0n });
  });

  it('is the client’s own: another client reads nothing of it', async () => {
    const { id } = await pendingWithdrawal(20);
    const hash = await token.transfer(PAYEE, usdt(20));
    await recorded(id, hash);
    const other = await signedInUser(app, 'Client');
    const res = await app.inject({ method: 'GET', url: `/api/withdrawal/payout/${id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    await mine(CONFIRMATIONS);
    await runWatcher();
  });
});

describe('a payout that does not pay the withdrawal', () => {
  it('never completes when reverted: shown to staff, the hold stays', async () => {
    const { client, id } = await pendingWithdrawal(30);
    const hash = await revertingTransfer(PAYEE, usdt(30));
    await mine();
    await recorded(id, hash);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'confirming', problem: 'reverted' });
    await mine(CONFIRMATIONS);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'failed', problem: 'reverted' });
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Pending' });
    expect((await moneyOf(client.id))?.hold).toBe(3_000n);
    expect(await completionsOf(id)).toBe(0);
  });

  it('never completes when it pays another address or less; recording the right one then completes it', async () => {
    const { client, id } = await pendingWithdrawal(40);
    const elsewhere = await token.transfer(EMPTY_ACCOUNT, usdt(40));
    const short = await token.transfer(PAYEE, usdt(39));
    await mine(CONFIRMATIONS);
    await recorded(id, elsewhere);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'failed', problem: 'wrongAddress' });
    await recorded(id, short);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'failed', problem: 'wrongAmount' });
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Pending' });
    expect(await completionsOf(id)).toBe(0);

    const right = await token.transfer(PAYEE, usdt(40));
    await mine(CONFIRMATIONS);
    await recorded(id, right);
    await runWatcher();
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Completed', reference: right });
    expect((await moneyOf(client.id))?.hold).toBe(0n);
    expect(await completionsOf(id)).toBe(1);
  });

  it('does not complete when its block leaves the chain in a reorganisation', async () => {
    const { client, id } = await pendingWithdrawal(25);
    const snapshot = await node.client.snapshot();
    const hash = await token.transfer(PAYEE, usdt(25));
    await mine();
    await recorded(id, hash);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'confirming', confirmations: 1 });
    // A longer chain without the transfer.
    await node.client.revert({ id: snapshot });
    await mine(CONFIRMATIONS + 1);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'confirming', problem: 'reorged', confirmations: 0 });
    await mine(CONFIRMATIONS);
    await runWatcher();
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Pending' });
    expect((await moneyOf(client.id))?.hold).toBe(2_500n);
    expect(await completionsOf(id)).toBe(0);
  });

  it('never completes a withdrawal declined while its payout confirmed', async () => {
    const { client, id } = await pendingWithdrawal(15);
    const hash = await token.transfer(PAYEE, usdt(15));
    await mine();
    await recorded(id, hash);
    const declined = await app.inject({
      method: 'PUT',
      url: `/api/withdrawal/status/${id}`,
      headers: admin.headers,
      payload: { status: 'Declined' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await mine(CONFIRMATIONS);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'closed' });
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Declined' });
    expect(await completionsOf(id)).toBe(0);
  });
});

describe('recording', () => {
  it('refuses a method not watched, a withdrawal not pending, and a transaction already paying another', async () => {
    const unwatched = await createWithdrawalMethod(app, { name: 'USDT (ERC20) desk', description: 'Not watched' });
    const client = await signedInUser(app, 'Client');
    const other = await createPendingWithdrawal(app, client.id, unwatched.id, 2_000n);
    const hash = await token.transfer(PAYEE, usdt(20));
    const unread = await app.inject({ method: 'GET', url: `/api/withdrawal/payout/${other}`, headers: admin.headers });
    expect(unread.json()).toEqual({ watched: false, payout: null });
    const notWatched = await record(other, hash);
    expect(notWatched.statusCode).toBe(409);
    expect(notWatched.json()).toMatchObject({ message: 'This withdrawal method is not watched on chain' });

    const a = await pendingWithdrawal(20);
    const b = await pendingWithdrawal(20);
    await recorded(a.id, hash);
    // The same hash again is a no-op; on another withdrawal it is refused.
    expect((await record(a.id, hash)).statusCode).toBe(200);
    const taken = await record(b.id, hash);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'This transaction is already recorded as the payout of another withdrawal',
    });
    const bad = await record(b.id, 'not-a-hash');
    expect(bad.statusCode).toBe(400);

    await mine(CONFIRMATIONS);
    await runWatcher();
    expect(await withdrawalOf(a.client, a.id)).toMatchObject({ status: 'Completed' });
    const late = await record(a.id, await token.transfer(PAYEE, usdt(20)));
    expect(late.statusCode).toBe(409);
    await mine();
  });
});

describe('four eyes', () => {
  it('a payout above the threshold completes only when a second staff member approves', async () => {
    const { client, id } = await pendingWithdrawal(2_000);
    const hash = await token.transfer(PAYEE, usdt(2_000));
    await mine(CONFIRMATIONS);
    await recorded(id, hash);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'approval' });
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Pending' });
    expect((await moneyOf(client.id))?.hold).toBe(200_000n);
    expect(await completionsOf(id)).toBe(0);
    await mine();
    await runWatcher();
    expect(await completionsOf(id)).toBe(0);

    const list = await app.inject({ method: 'GET', url: '/api/approvals', headers: approver.headers });
    const approval = list.json<TApprovalPage>().approvals.find((a) => a.transactionId === id);
    expect(approval).toMatchObject({ status: 'Pending', reference: hash });
    // The one who recorded the payout cannot approve its completion.
    const own = await app.inject({
      method: 'POST',
      url: `/api/approvals/approve/${approval?.id}`,
      headers: admin.headers,
    });
    expect(own.statusCode).toBe(409);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/approvals/approve/${approval?.id}`,
      headers: approver.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Completed', reference: hash });
    expect((await moneyOf(client.id))?.hold).toBe(0n);
    expect(await completionsOf(id)).toBe(1);
    expect(await payoutOf(id, client)).toMatchObject({ status: 'completed' });
  });
});

describe('a payout in the chain’s coin', () => {
  it('must be worth the amount at the ETH/USD bid recorded with it: short never completes, enough completes', async () => {
    const ethMethod = (await createWithdrawalMethod(app, { name: 'Ethereum (ETH)', description: 'Ether' })).id;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/withdrawalmethod/${ethMethod}/watch`,
      headers: admin.headers,
      payload: { chain: 'ethereum', rpcUrl: node.url, confirmations: CONFIRMATIONS, asset: 'native' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = await signedInUser(app, 'Client');
    const id = await createPendingWithdrawal(app, client.id, ethMethod, 5_000n);
    const send = (value: bigint) =>
      node.client.sendTransaction({ to: PAYEE, value, chain: node.client.chain, account: node.client.account });

    const probe = await send(1n);
    await mine(CONFIRMATIONS);
    const expected = BigInt((await recorded(id, probe)).expectedBase);
    // $50 of ether at a bid in the thousands of dollars: a small fraction of one ETH, never nothing.
    expect(expected).toBeGreaterThan(10n ** 15n);
    expect(expected).toBeLessThan(10n ** 18n);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'failed', problem: 'wrongAmount' });

    // Half of it; then 2% more than it, since the bid recorded with each hash moves with the market.
    const short = await send(expected / 2n);
    await mine(CONFIRMATIONS);
    await recorded(id, short);
    await runWatcher();
    expect(await payoutOf(id, admin)).toMatchObject({ status: 'failed', problem: 'wrongAmount' });
    expect(await completionsOf(id)).toBe(0);

    const enough = await send((expected * 102n) / 100n);
    await mine(CONFIRMATIONS);
    await recorded(id, enough);
    await runWatcher();
    expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Completed', reference: enough });
    expect((await moneyOf(client.id))?.hold).toBe(0n);
    expect(await completionsOf(id)).toBe(1);
  });
});

describe('several servers', () => {
  it('two servers checking at once complete a payout once', async () => {
    const b = await buildTestApp(SETTINGS, { sameDatabaseAs: t });
    try {
      const { client, id } = await pendingWithdrawal(60);
      const hash = await token.transfer(PAYEE, usdt(60));
      await mine(CONFIRMATIONS);
      await recorded(id, hash);
      await Promise.all([runWatcher(app), runWatcher(b.app), runWatcher(b.app), runWatcher(app)]);
      await Promise.all([runWatcher(app), runWatcher(b.app)]);
      expect(await withdrawalOf(client, id)).toMatchObject({ status: 'Completed' });
      expect((await moneyOf(client.id))?.hold).toBe(0n);
      expect(await completionsOf(id)).toBe(1);
    } finally {
      await b.close();
    }
  });
});
