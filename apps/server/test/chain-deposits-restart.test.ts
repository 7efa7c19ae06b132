import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransfers } from '../src/db/schema/chain.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { depositMethods } from '../src/db/schema/money.ts';
import { users } from '../src/db/schema/users.ts';
import { clientAddress, setChainWatch } from '../src/modules/money/chain-deposits/index.ts';
import { TEST_XPUB } from './helpers/chain-fixtures.ts';
import { startEvmNode, type TEvmNode } from './helpers/evm-node.ts';
import { deployTestToken, type TTestToken } from './helpers/evm-token.ts';
import { serverDatabase, type TServerDatabase } from './helpers/server-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * Deposits seen on chain across a crash (docs/money.md, "Deposits seen on chain"): the real server in
 * a process of its own watches a real local node; it is killed (SIGKILL) after it saw a transfer and
 * before the transfer's confirmations, and restarted on the same database after them. The transfer is
 * credited exactly once.
 */

const CONFIRMATIONS = 3;
let database: TServerDatabase;
let node: TEvmNode;
let token: TTestToken;
let server: TServerProcess | undefined;

beforeAll(async () => {
  [database, node] = await Promise.all([serverDatabase(), startEvmNode()]);
  token = await deployTestToken(node);
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await node?.stop();
  await database?.drop();
});

const start = () => startServerProcess({ ...database.env, CHAIN_WATCH_INTERVAL_MS: '100', JWT_SECRET: 'c'.repeat(40) });

/** The chain job's count of transfers recorded and credited, as GET /api/health shows it. */
async function chainProcessed(): Promise<number> {
  const res = await fetch(`${server?.url}/api/health`);
  const body = (await res.json()) as { jobs: { name: string; totalProcessed: number }[] };
  return body.jobs.find((j) => j.name === 'chain-deposits')?.totalProcessed ?? 0;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a server killed while a transfer confirms', () => {
  it('credits it once after the restart', async () => {
    const startBlock = Number(await node.client.getBlockNumber());
    const { userId, address } = await database.inspect(async (db) => {
      const [user] = await db
        .insert(users)
        .values({
          type: 'Client',
          firstname: 'Chain',
          lastname: 'Restart',
          username: 'chain_restart',
          email: 'chain.restart@example.com',
          passwordHash: 'x',
          referralCode: 'CRESTART',
        })
        .returning({ id: users.id });
      const [method] = await db
        .insert(depositMethods)
        .values({
          name: 'USDT (ERC20)',
          value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
          description: 'Tether on Ethereum',
          minAmount: 100n,
          maxAmount: 5_000_000n,
        })
        .returning({ id: depositMethods.id });
      if (!user || !method) throw new Error('seed failed');
      await setChainWatch(db, user.id, method.id, {
        chain: 'ethereum',
        rpcUrl: node.url,
        confirmations: CONFIRMATIONS,
        xpub: TEST_XPUB,
        asset: 'erc20',
        tokenAddress: token.address,
        tokenDecimals: 6,
        startBlock,
      });
      return { userId: user.id, address: await clientAddress(db, TEST_XPUB, user.id) };
    });

    await token.transfer(address as Address, 25_000_000n);
    await node.client.mine({ blocks: 1 });
    server = await start();
    await until(async () => (await chainProcessed()) >= 1, 'the transfer to be seen');
    await server.kill();
    server = undefined;
    await database.endOrphans();
    const seen = await database.inspect((db) =>
      db.select().from(chainTransfers).where(eq(chainTransfers.userId, userId)),
    );
    expect(seen).toMatchObject([{ status: 'confirming' }]);

    // The confirmations arrive while no server runs; the restarted one credits.
    await node.client.mine({ blocks: CONFIRMATIONS });
    server = await start();
    await until(async () => (await chainProcessed()) >= 1, 'the credit');
    // A few more runs, which must credit nothing more.
    await node.client.mine({ blocks: 2 });
    await new Promise((r) => setTimeout(r, 500));
    await server.kill();
    server = undefined;
    await database.endOrphans();

    await database.inspect(async (db) => {
      const [transfer] = await db.select().from(chainTransfers).where(eq(chainTransfers.userId, userId));
      expect(transfer).toMatchObject({ status: 'credited' });
      const postings = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.kind, 'deposit.completed'),
            eq(ledgerTransactions.refId, transfer?.transactionId as string),
          ),
        );
      expect(postings).toHaveLength(1);
      const [user] = await db
        .select({ balance: users.balance, total: sql<string>`(select count(*) from chain_transfers)` })
        .from(users)
        .where(eq(users.id, userId));
      expect(user?.balance).toBe(2_500n);
      expect(Number(user?.total)).toBe(1);
    });
  }, 120_000);
});
