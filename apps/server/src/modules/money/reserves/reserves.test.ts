import type { TChainDepositAddress } from '@meridian/contracts/chain-deposits';
import type { TReserveProof, TReserveSnapshotAnswer, TReservesOverview } from '@meridian/contracts/reserves';
import { leafHash, verifyInclusion } from '@meridian/contracts/reserves-merkle';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeAfterLedgerCheck, type TestApp } from '../../../../test/helpers/build-app.ts';
import { chainWatchForm } from '../../../../test/helpers/chain-fixtures.ts';
import { balanceOf, createDepositMethodViaApi } from '../../../../test/helpers/deposits.ts';
import { startEvmNode, type TEvmNode } from '../../../../test/helpers/evm-node.ts';
import { deployTestToken, type TTestToken } from '../../../../test/helpers/evm-token.ts';
import { createUser, signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { ledgerEntries } from '../../../db/schema/ledger.ts';
import { reserveLeaves } from '../../../db/schema/reserves.ts';
import { users } from '../../../db/schema/users.ts';
import { coinCents } from '../chain-deposits/index.ts';

/**
 * Proof of reserves (docs/money.md, "Proof of reserves") through the API: a snapshot's liabilities
 * are the ledger's, each client's proof leads to the published root and only with their true
 * balance, nobody gets another client's proof, staff roles are enforced, and the watched addresses'
 * balances read from a real local node (test/helpers/evm-node.ts) are counted in the assets.
 */

let node: TEvmNode;
let token: TTestToken;
let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let alice: TSignedIn;
let bob: TSignedIn;
let usdtId: string;
let ethId: string;

beforeAll(async () => {
  node = await startEvmNode();
  token = await deployTestToken(node);
  t = await buildTestApp({ CHAIN_WATCH_INTERVAL_MS: 86_400_000, CHAIN_RPC_TIMEOUT_MS: 3_000 });
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  const startBlock = Number(await node.client.getBlockNumber());
  const method = (name: string) =>
    createDepositMethodViaApi(app, admin, {
      name,
      value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
      description: name,
      minAmount: 1,
    });
  usdtId = (await method('USDT (ERC20)')).id;
  ethId = (await method('Ethereum (ETH)')).id;
  for (const [id, overrides] of [
    [usdtId, { asset: 'erc20', tokenAddress: token.address, tokenDecimals: 6 }],
    [ethId, { asset: 'native' }],
  ] as const) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/depositmethod/${id}/watch`,
      headers: admin.headers,
      payload: chainWatchForm({ rpcUrl: node.url, confirmations: 3, startBlock, ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  alice = await signedInUser(app, 'Client');
  bob = await signedInUser(app, 'Client');
  await fundClient(app, alice.id, 12_034n, admin.id);
  await fundClient(app, bob.id, 5_500n, admin.id);
}, 120_000);

afterAll(async () => {
  if (t) await closeAfterLedgerCheck(t);
  await node?.stop();
});

async function snapshot(as: TSignedIn = admin) {
  const res = await app.inject({ method: 'POST', url: '/api/admin/reserves/snapshots', headers: as.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TReserveSnapshotAnswer>().snapshot;
}

async function proofOf(as: TSignedIn, snapshotId?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/reserves/proof${snapshotId ? `?snapshot=${snapshotId}` : ''}`,
    headers: as.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TReserveProof>();
}

/** What the ledger's entries say all clients are owed, in cents: every entry on a client's account. */
async function ledgerClientCents(): Promise<bigint> {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(eq(users.type, 'Client'));
  return BigInt(row?.total ?? '0');
}

const cents = (dollars: number) => BigInt(Math.round(dollars * 100));

describe('a snapshot', () => {
  it('owes exactly what the ledger says clients hold, with a leaf for every client', async () => {
    const taken = await snapshot();
    expect(cents(taken.liabilities)).toBe(await ledgerClientCents());
    expect(cents(taken.liabilities)).toBeGreaterThanOrEqual(12_034n + 5_500n);
    const clients = await app.db.select({ id: users.id }).from(users).where(eq(users.type, 'Client'));
    expect(taken.leafCount).toBe(clients.length);
    const by = taken.liabilitiesByAccount;
    expect(cents(by.balance + by.trading + by.profit + by.bonus + by.withdrawalHold)).toBe(cents(taken.liabilities));
    expect(taken.root).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives each client a salt of their own, new in every snapshot', async () => {
    const first = await snapshot();
    const second = await snapshot();
    const salts = await app.db.select({ salt: reserveLeaves.salt }).from(reserveLeaves);
    expect(new Set(salts.map((s) => s.salt)).size).toBe(salts.length);
    expect(first.root).not.toBe(second.root);
  });
});

describe('a client’s inclusion proof', () => {
  it('leads from their own balance to the published root', async () => {
    const taken = await snapshot();
    const proof = await proofOf(alice);
    expect(proof.snapshot).toMatchObject({ id: taken.id, root: taken.root });
    expect(proof.leaf).toMatchObject({ clientId: alice.id, cents: '12034', balance: 120.34 });
    expect(proof.leaf.balance).toBe((await balanceOf(app, alice)).totalBalance);
    expect(await verifyInclusion(proof.leaf, proof.proof, taken.root)).toBe(true);
    expect(await leafHash(proof.leaf)).toBe(proof.leaf.hash);
  });

  it('fails with a tampered balance, salt or client, or against another root', async () => {
    const taken = await snapshot();
    const { leaf, proof } = await proofOf(alice);
    expect(await verifyInclusion({ ...leaf, cents: '12035' }, proof, taken.root)).toBe(false);
    expect(await verifyInclusion({ ...leaf, cents: '1203400' }, proof, taken.root)).toBe(false);
    expect(
      await verifyInclusion(
        { ...leaf, salt: leaf.salt.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
        proof,
        taken.root,
      ),
    ).toBe(false);
    expect(await verifyInclusion({ ...leaf, clientId: bob.id }, proof, taken.root)).toBe(false);
    const older = await proofOf(alice);
    await snapshot();
    expect(await verifyInclusion(older.leaf, older.proof, (await snapshot()).root)).toBe(false);
  });

  it('serves a chosen earlier snapshot, at the balance the client had then', async () => {
    const before = await snapshot();
    await fundClient(app, alice.id, 1_000n, admin.id);
    const after = await snapshot();
    const then = await proofOf(alice, before.id);
    const now = await proofOf(alice);
    expect(then.leaf.cents).toBe('12034');
    expect(now.leaf.cents).toBe('13034');
    expect(now.snapshot.id).toBe(after.id);
    expect(await verifyInclusion(then.leaf, then.proof, before.root)).toBe(true);
    expect(await verifyInclusion(now.leaf, now.proof, after.root)).toBe(true);
    expect(cents(after.liabilities) - cents(before.liabilities)).toBe(1_000n);
  });

  it('is only ever the caller’s own: no parameter names another client, and staff get none', async () => {
    await snapshot();
    const mine = await proofOf(bob);
    expect(mine.leaf.clientId).toBe(bob.id);
    const aliceLeaf = (await proofOf(alice)).leaf;
    expect(JSON.stringify(mine)).not.toContain(aliceLeaf.salt);
    const named = await app.inject({
      method: 'GET',
      url: `/api/reserves/proof?userId=${alice.id}`,
      headers: bob.headers,
    });
    expect(named.statusCode).toBe(400);
    expect(named.body).not.toContain(aliceLeaf.salt);
    const asAdmin = await app.inject({ method: 'GET', url: '/api/reserves/proof', headers: admin.headers });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('says a client who joined after the snapshot is not in it', async () => {
    await snapshot();
    const late = await signedInUser(app, 'Client');
    const res = await app.inject({ method: 'GET', url: '/api/reserves/proof', headers: late.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ key: 'reserves.notInSnapshot' });
  });
});

describe('the assets', () => {
  it('count the watched addresses’ token and coin balances read from the chain', async () => {
    const address = async (client: TSignedIn, methodId: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/depositmethod/${methodId}/address`,
        headers: client.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TChainDepositAddress>().address as Address;
    };
    const aliceAddress = await address(alice, usdtId);
    const bobAddress = await address(bob, ethId);
    await token.transfer(aliceAddress, 12_345_678n); // 12.345678 USDT
    await token.transfer(bobAddress, 1_000_000n); // the same key: Bob's address holds tokens too
    const wei = 20_000_000_000_000_000n; // 0.02 ETH
    await node.client.sendTransaction({
      to: bobAddress,
      value: wei,
      chain: node.client.chain,
      account: node.client.account,
    });
    await node.client.mine({ blocks: 1 });
    const tip = Number(await node.client.getBlockNumber({ cacheTime: 0 }));

    const taken = await snapshot();
    const usdt = taken.chainAssets.find((a) => a.depositMethodId === usdtId);
    const eth = taken.chainAssets.find((a) => a.depositMethodId === ethId);
    expect(usdt).toMatchObject({ status: 'read', amountBase: '13345678', amount: 13.34, block: tip, addresses: 2 });
    expect(eth).toMatchObject({ status: 'read', amountBase: wei.toString(), block: tip });
    const rate = cents(eth?.rate ?? 0);
    expect(rate).toBeGreaterThan(0n);
    expect(cents(eth?.amount ?? 0)).toBe(coinCents(wei, rate));
    expect(cents(taken.onChain)).toBe(1_334n + coinCents(wei, rate));
    expect(cents(taken.assets)).toBe(cents(taken.onChain) + cents(taken.declared));
    expect(taken.coverageBps).toBe(Number((cents(taken.assets) * 10_000n) / cents(taken.liabilities)));
  });

  it('count the reserves declared while they stand: replaced and removed ones drop out', async () => {
    const declare = (body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/admin/reserves/declarations', headers: admin.headers, payload: body });
    const first = await declare({
      label: 'Bank account',
      amount: '1000.50',
      evidence: 'https://bank.example/statement.pdf',
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json<{ declaration: { id: string } }>().declaration.id;
    const cold = await declare({
      label: 'Cold wallet',
      amount: 250,
      evidence: '0x0000000000000000000000000000000000000001',
    });
    const coldId = cold.json<{ declaration: { id: string } }>().declaration.id;
    let taken = await snapshot();
    expect(cents(taken.declared)).toBe(125_050n);
    expect(taken.declarations.map((d) => d.label).sort()).toEqual(['Bank account', 'Cold wallet']);

    const replaced = await declare({
      label: 'Bank account',
      amount: 900,
      evidence: 'Statement of 30 November',
      replacesId: firstId,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((await declare({ label: 'Again', amount: 1, evidence: 'x', replacesId: firstId })).json()).toMatchObject({
      key: 'reserves.declarationNotFound',
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/reserves/declarations/${coldId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/admin/reserves/declarations/${coldId}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);

    taken = await snapshot();
    expect(cents(taken.declared)).toBe(90_000n);
    const overview = await app.inject({ method: 'GET', url: '/api/admin/reserves', headers: admin.headers });
    const body = overview.json<TReservesOverview>();
    expect(body.declarations).toMatchObject([{ label: 'Bank account', amount: 900, replacesId: firstId }]);
    expect(body.snapshots[0]?.id).toBe(taken.id);
  });

  it('count a node that does not answer as nothing, and say so', async () => {
    await node.disconnect();
    try {
      const taken = await snapshot();
      expect(taken.chainAssets.map((a) => [a.status, a.amount])).toEqual([
        ['unavailable', 0],
        ['unavailable', 0],
      ]);
      expect(taken.onChain).toBe(0);
    } finally {
      await node.reconnect();
    }
  });
});

describe('who may see and do what', () => {
  it('lets money.read staff see, money.manage staff act, and nobody else', async () => {
    const support = await signIn(app, (await createUser(app, 'Admin', { staffRole: 'Support' })).email);
    const finance = await signIn(app, (await createUser(app, 'Admin', { staffRole: 'Finance' })).email);
    const get = (as: TSignedIn) => app.inject({ method: 'GET', url: '/api/admin/reserves', headers: as.headers });
    const post = (as: TSignedIn) =>
      app.inject({ method: 'POST', url: '/api/admin/reserves/snapshots', headers: as.headers });
    expect((await get(support)).statusCode).toBe(403);
    expect((await post(support)).statusCode).toBe(403);
    expect((await get(alice)).statusCode).toBe(403);
    expect((await post(alice)).statusCode).toBe(403);
    expect((await get(finance)).statusCode).toBe(200);
    expect((await post(finance)).statusCode).toBe(201);
  });

  it('shows anyone the latest root and totals, and nothing of a client; hidden with RESERVES_PUBLIC=false', async () => {
    const taken = await snapshot();
    const res = await app.inject({ method: 'GET', url: '/api/public/reserves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: taken.id,
      root: taken.root,
      leafCount: taken.leafCount,
      liabilities: taken.liabilities,
      assets: taken.assets,
      onChain: taken.onChain,
      declared: taken.declared,
      coverageBps: taken.coverageBps,
      createdAt: taken.createdAt,
    });
    const hidden = await buildTestApp({ RESERVES_PUBLIC: false }, { sameDatabaseAs: t });
    try {
      expect((await hidden.app.inject({ method: 'GET', url: '/api/public/reserves' })).statusCode).toBe(404);
    } finally {
      await hidden.close();
    }
  });
});
