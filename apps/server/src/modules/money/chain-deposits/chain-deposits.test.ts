import type { TChainDepositAddress } from '@meridian/contracts/chain-deposits';
import type { TTransaction } from '@meridian/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeAfterLedgerCheck, type TestApp } from '../../../../test/helpers/build-app.ts';
import { chainWatchForm } from '../../../../test/helpers/chain-fixtures.ts';
import { balanceOf, createDepositMethodViaApi } from '../../../../test/helpers/deposits.ts';
import { startEvmNode, type TEvmNode } from '../../../../test/helpers/evm-node.ts';
import { deployTestToken, type TTestToken } from '../../../../test/helpers/evm-token.ts';
import { setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { openLiveStream } from '../../../../test/helpers/live-stream.ts';
import { chainTransfers } from '../../../db/schema/chain.ts';
import { ledgerTransactions } from '../../../db/schema/ledger.ts';
import { coinCents } from './chain-watcher.ts';

/**
 * Deposits seen on chain (docs/money.md) against a real local node (Hardhat, test/helpers/evm-node.ts):
 * real transactions to addresses derived from the test xpub, blocks mined on demand, a reorganisation
 * by snapshot and revert, a second server, and the node going away.
 */

const CONFIRMATIONS = 3;
const SETTINGS = { CHAIN_WATCH_INTERVAL_MS: 86_400_000, CHAIN_RPC_TIMEOUT_MS: 1_500 };

let node: TEvmNode;
let token: TTestToken;
let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let usdtId: string;
let ethId: string;

beforeAll(async () => {
  node = await startEvmNode();
  token = await deployTestToken(node);
  t = await buildTestApp(SETTINGS);
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  const startBlock = Number(await node.client.getBlockNumber());
  usdtId = (
    await createDepositMethodViaApi(app, admin, {
      name: 'USDT (ERC20)',
      value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
      description: 'Tether on Ethereum',
      minAmount: 1,
    })
  ).id;
  ethId = (
    await createDepositMethodViaApi(app, admin, {
      name: 'Ethereum (ETH)',
      value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
      description: 'Ether on Ethereum',
      minAmount: 1,
    })
  ).id;
  await watch(usdtId, {
    asset: 'erc20',
    tokenAddress: token.address,
    tokenDecimals: 6,
    startBlock,
  });
  await watch(ethId, { asset: 'native', startBlock });
}, 120_000);

afterAll(async () => {
  if (t) await closeAfterLedgerCheck(t);
  await node?.stop();
});

async function watch(methodId: string, overrides: Record<string, unknown>) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/depositmethod/${methodId}/watch`,
    headers: admin.headers,
    payload: chainWatchForm({ rpcUrl: node.url, confirmations: CONFIRMATIONS, ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function addressOf(on: FastifyInstance, client: TSignedIn, methodId: string): Promise<TChainDepositAddress> {
  const res = await on.inject({
    method: 'GET',
    url: `/api/depositmethod/${methodId}/address`,
    headers: client.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TChainDepositAddress>();
}

async function depositsOf(client: TSignedIn): Promise<TTransaction[]> {
  const res = await app.inject({ method: 'GET', url: `/api/deposit/user/${client.id}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deposits: TTransaction[] }>().deposits;
}

const mine = (blocks = 1) => node.client.mine({ blocks });

/** The app's address, listening on a free port (the live stream is read over a real socket). */
let baseUrl = '';
async function listening(): Promise<string> {
  if (!baseUrl) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  return baseUrl;
}
const runWatcher = (on: FastifyInstance = app) => on.jobs.runNow('chain-deposits');

/** How many `deposit.completed` postings name this deposit record: exactly once is 1. */
async function creditsOf(depositId: string): Promise<number> {
  const rows = await app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'deposit.completed'), eq(ledgerTransactions.refId, depositId)));
  return rows.length;
}

describe('addresses', () => {
  it('gives each client one stable address of their own, the same on the coin and the token of one key', async () => {
    const a = await signedInUser(app, 'Client');
    const b = await signedInUser(app, 'Client');
    const first = await addressOf(app, a, usdtId);
    expect(first.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(first.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect(first.requiredConfirmations).toBe(CONFIRMATIONS);
    expect((await addressOf(app, a, usdtId)).address).toBe(first.address);
    expect((await addressOf(app, a, ethId)).address).toBe(first.address);
    expect((await addressOf(app, b, usdtId)).address).not.toBe(first.address);
    // The node's address is never answered to a client.
    expect(JSON.stringify(first)).not.toContain(node.url);
  });

  it('refuses an extended private key and a method that is not watched', async () => {
    const xprv = (await import('../../../../test/helpers/chain-fixtures.ts')).TEST_ACCOUNT_KEY.privateExtendedKey;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/depositmethod/${usdtId}/watch`,
      headers: admin.headers,
      payload: chainWatchForm({ xpub: xprv }),
    });
    expect(res.statusCode).toBe(400);
    const plain = await createDepositMethodViaApi(app, admin);
    const client = await signedInUser(app, 'Client');
    const answer = await app.inject({
      method: 'GET',
      url: `/api/depositmethod/${plain.id}/address`,
      headers: client.headers,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('keeps an explorer link template with {tx}, answers it to the admin and the client, and refuses one without', async () => {
    const method = await createDepositMethodViaApi(app, admin);
    // A token nobody deploys: this watch never sees a transfer the other methods' tests make.
    const form = chainWatchForm({
      rpcUrl: node.url,
      asset: 'erc20',
      tokenAddress: `0x${'5e'.repeat(20)}`,
      tokenDecimals: 6,
      startBlock: Number(await node.client.getBlockNumber()),
    });
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/depositmethod/${method.id}/watch`, headers: admin.headers, payload });
    for (const explorerTxUrl of ['https://etherscan.io/tx/', 'ftp://etherscan.io/tx/{tx}', 'javascript:{tx}']) {
      const refused = await put({ ...form, explorerTxUrl });
      expect(refused.statusCode, explorerTxUrl).toBe(400);
      expect(refused.json<{ fieldKeys: Record<string, { key: string }> }>().fieldKeys.explorerTxUrl?.key).toBe(
        'deposits.explorerTxUrlInvalid',
      );
    }
    const saved = await put({ ...form, explorerTxUrl: ' https://etherscan.io/tx/{tx} ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ watch: { explorerTxUrl: string } }>().watch.explorerTxUrl).toBe('https://etherscan.io/tx/{tx}');
    const client = await signedInUser(app, 'Client');
    expect((await addressOf(app, client, method.id)).explorerTxUrl).toBe('https://etherscan.io/tx/{tx}');
    // Sent without it: the watch has none again, and hashes are shown as text.
    expect((await put(form)).json<{ watch: { explorerTxUrl: string | null } }>().watch.explorerTxUrl).toBeNull();
    expect((await addressOf(app, client, method.id)).explorerTxUrl).toBeNull();
  });
});

describe('a token transfer', () => {
  it('is seen at once as Confirming 1/N, credited once at N, never again', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    const hash = await token.transfer(address as Address, 12_345_678n); // 12.345678 USDT
    await mine();
    await runWatcher();
    let seen = await addressOf(app, client, usdtId);
    expect(seen.transfers).toMatchObject([
      { txHash: hash, status: 'confirming', confirmations: 1, requiredConfirmations: CONFIRMATIONS },
    ]);
    const [pending] = await depositsOf(client);
    expect(pending).toMatchObject({ status: 'Pending', amount: 12.34, reference: hash });
    expect((await balanceOf(app, client)).balance).toBe(0);

    // Each block applied tells the client's open screens (live updates): n/N moves without a reload.
    const stream = await openLiveStream(await listening(), client.token);
    try {
      const told = stream.next('transactions', 10_000);
      await mine();
      await runWatcher();
      expect(await told).toContain('transactions');
    } finally {
      stream.close();
    }
    seen = await addressOf(app, client, usdtId);
    expect(seen.transfers[0]).toMatchObject({ status: 'confirming', confirmations: 2 });
    expect((await balanceOf(app, client)).balance).toBe(0);

    await mine();
    await runWatcher();
    seen = await addressOf(app, client, usdtId);
    expect(seen.transfers[0]).toMatchObject({ status: 'credited', confirmations: CONFIRMATIONS });
    // 12.345678 USDT is $12.34: the dust below a cent is not credited.
    expect((await balanceOf(app, client)).balance).toBe(12.34);
    const [done] = await depositsOf(client);
    expect(done).toMatchObject({ id: pending?.id, status: 'Completed', amount: 12.34, reference: hash });

    await mine(5);
    await runWatcher();
    expect((await balanceOf(app, client)).balance).toBe(12.34);
    expect(await creditsOf(pending?.id as string)).toBe(1);
  });

  it('below a cent is recorded as dust: no deposit, no credit', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await token.transfer(address as Address, 9_999n);
    await mine(CONFIRMATIONS + 1);
    await runWatcher();
    expect((await addressOf(app, client, usdtId)).transfers).toMatchObject([{ status: 'dust', depositId: null }]);
    expect(await depositsOf(client)).toEqual([]);
    expect((await balanceOf(app, client)).balance).toBe(0);
  });
});

describe('the desk and a watched deposit', () => {
  it('a deposit the desk completed before N is not credited again by the watcher', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await token.transfer(address as Address, 2_000_000n);
    await mine();
    await runWatcher();
    const [pending] = await depositsOf(client);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/deposit/status/${pending?.id}`,
      headers: admin.headers,
      payload: { status: 'Completed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await mine(CONFIRMATIONS);
    await runWatcher();
    expect((await addressOf(app, client, usdtId)).transfers).toMatchObject([{ status: 'credited' }]);
    expect((await balanceOf(app, client)).balance).toBe(2);
    expect(await creditsOf(pending?.id as string)).toBe(1);
  });
});

describe('a closed account', () => {
  it('is credited nothing: the transfer waits confirming, and is credited once if the account opens again', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await setUserFields(app, client.id, { closedAt: new Date() });
    const hash = await token.transfer(address as Address, 3_000_000n);
    await mine(CONFIRMATIONS + 1);
    await runWatcher();
    const [transfer] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, hash));
    expect(transfer).toMatchObject({ status: 'confirming' });
    const depositId = transfer?.transactionId as string;
    expect(await creditsOf(depositId)).toBe(0);

    await setUserFields(app, client.id, { closedAt: null });
    await mine();
    await runWatcher();
    await runWatcher();
    expect(await creditsOf(depositId)).toBe(1);
    expect((await balanceOf(app, client)).balance).toBe(3);
  });
});

describe('an ETH transfer', () => {
  it('is credited at N at the ETH/USD bid of the credit, recorded on the transfer', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, ethId);
    const wei = 50_000_000_000_000_000n; // 0.05 ETH
    const hash = await node.client.sendTransaction({
      to: address as Address,
      value: wei,
      chain: node.client.chain,
      account: node.client.account,
    });
    await mine();
    await runWatcher();
    expect((await addressOf(app, client, ethId)).transfers).toMatchObject([
      { txHash: hash, status: 'confirming', confirmations: 1 },
    ]);
    await mine(CONFIRMATIONS - 1);
    await runWatcher();
    const [row] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, hash));
    expect(row).toMatchObject({ status: 'credited', amountBase: wei.toString() });
    const rate = row?.rateCents as bigint;
    expect(rate).toBeGreaterThan(0n);
    const cents = coinCents(wei, rate);
    expect((await balanceOf(app, client)).balance).toBe(Number(cents) / 100);
    const [deposit] = await depositsOf(client);
    expect(deposit).toMatchObject({ status: 'Completed', amount: Number(cents) / 100, reference: hash });
  });
});

describe('a reorganisation', () => {
  it('drops a transfer whose block left the chain before N: never credited', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await runWatcher();
    const snapshot = await node.client.snapshot();
    const hash = await token.transfer(address as Address, 5_000_000n);
    await mine();
    await runWatcher();
    expect((await addressOf(app, client, usdtId)).transfers).toMatchObject([
      { txHash: hash, status: 'confirming', confirmations: 1 },
    ]);
    // The block is reorganised away: a longer chain without the transfer.
    await node.client.revert({ id: snapshot });
    await mine(CONFIRMATIONS + 1);
    await runWatcher();
    expect((await addressOf(app, client, usdtId)).transfers).toMatchObject([{ txHash: hash, status: 'dropped' }]);
    const [declined] = await depositsOf(client);
    expect(declined).toMatchObject({ status: 'Declined', reference: hash });
    await mine(CONFIRMATIONS + 2);
    await runWatcher();
    expect((await balanceOf(app, client)).balance).toBe(0);
    expect(await creditsOf(declined?.id as string)).toBe(0);
  });

  it('records again a dropped transfer the new chain includes, and credits it once', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await runWatcher();
    const snapshot = await node.client.snapshot();
    await mine(); // an empty block, so the new chain differs from the old one where the transfer was
    const hash = await token.transfer(address as Address, 7_000_000n);
    await mine();
    await runWatcher();
    const tx = await node.client.getTransaction({ hash });
    await node.client.revert({ id: snapshot });
    // The same signed transaction, mined again in another block of the new chain.
    await node.client.sendRawTransaction({
      serializedTransaction: (await import('viem')).serializeTransaction(
        {
          chainId: tx.chainId ?? 31337,
          type: 'eip1559',
          nonce: tx.nonce,
          to: tx.to as Address,
          data: tx.input,
          gas: tx.gas,
          maxFeePerGas: tx.maxFeePerGas as bigint,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas as bigint,
          value: tx.value,
        },
        { r: tx.r, s: tx.s, yParity: tx.yParity as number },
      ),
    });
    await mine(CONFIRMATIONS);
    await runWatcher();
    const rows = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, hash));
    expect(rows.map((r) => r.status).sort()).toEqual(['credited', 'dropped']);
    expect((await balanceOf(app, client)).balance).toBe(7);
  });
});

describe('several servers and restarts', () => {
  it('two servers watching at once, and a server started afresh mid-way, credit once', async () => {
    const b = await buildTestApp(SETTINGS, { sameDatabaseAs: t });
    try {
      const client = await signedInUser(app, 'Client');
      const { address } = await addressOf(app, client, usdtId);
      await token.transfer(address as Address, 3_000_000n);
      await mine();
      await Promise.all([runWatcher(app), runWatcher(b.app)]);
      await mine();
      // `app` stops watching (as if restarted); `b` goes on alone, then both again.
      await runWatcher(b.app);
      await mine();
      await Promise.all([runWatcher(app), runWatcher(b.app), runWatcher(b.app)]);
      await mine(2);
      await Promise.all([runWatcher(app), runWatcher(b.app)]);
      const [deposit] = await depositsOf(client);
      expect(deposit).toMatchObject({ status: 'Completed', amount: 3 });
      expect((await balanceOf(app, client)).balance).toBe(3);
      expect(await creditsOf(deposit?.id as string)).toBe(1);
      const rows = await app.db.select().from(chainTransfers).where(eq(chainTransfers.userId, client.id));
      expect(rows).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});

describe('the node going away', () => {
  it('fails the run, shows it in the job status, and resumes where it stopped when back', async () => {
    const client = await signedInUser(app, 'Client');
    const { address } = await addressOf(app, client, usdtId);
    await runWatcher();
    const hash = await token.transfer(address as Address, 4_000_000n);
    await mine();
    await node.disconnect();
    await expect(runWatcher()).rejects.toThrow();
    const status = app.jobs.status().find((j) => j.name === 'chain-deposits');
    expect(status?.lastError).toBeTruthy();
    expect(status?.failedRuns).toBeGreaterThan(0);
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json<{
      checks: { jobs: { failing: unknown[] } };
    }>();
    expect(JSON.stringify(health.checks.jobs.failing)).toContain('chain-deposits');
    // Blocks go on while the watcher cannot see them.
    await mine(CONFIRMATIONS);
    await node.reconnect();
    await runWatcher();
    expect(app.jobs.status().find((j) => j.name === 'chain-deposits')?.lastError).toBeNull();
    expect((await addressOf(app, client, usdtId)).transfers).toMatchObject([{ txHash: hash, status: 'credited' }]);
    expect((await balanceOf(app, client)).balance).toBe(4);
  });
});
