/**
 * The chain watcher (docs/money.md, "Deposits seen on chain") against a real local node (Hardhat, as
 * the tests start it), on the embedded database:
 *
 * 1. 10,000 clients, each with a deposit address derived from the test xpub, watched for a 6-decimal
 *    token with 3 confirmations.
 * 2. One block holding 1,000 token transfers to 1,000 of them: the run that sees it (1,000 transfers
 *    and Pending deposits recorded), then, 2 blocks later, the run that credits all 1,000 through the
 *    ledger. Goal: both within 2 s. Ceiling measured in the same run: the node answering the same
 *    reads (the block and its logs) without us.
 * 3. 20 blocks with no transfer to us, one run each: the watcher's cost per block. Goal: < 50 ms.
 *    Ceiling: the node answering that block's reads alone.
 *
 *   npx tsx --conditions=source bench/chain-watcher.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createPublicClient, http, parseAbiItem } from 'viem';
import { chainAddresses } from '../apps/server/src/db/schema/chain.ts';
import { verifyLedger } from '../apps/server/src/ledger/verify.ts';
import { deriveAddress, parseXpub, setChainWatch } from '../apps/server/src/modules/money/chain-deposits/index.ts';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { TEST_XPUB } from '../apps/server/test/helpers/chain-fixtures.ts';
import { createDepositMethodViaApi } from '../apps/server/test/helpers/deposits.ts';
import { startEvmNode } from '../apps/server/test/helpers/evm-node.ts';
import { deployTestToken } from '../apps/server/test/helpers/evm-token.ts';
import { signedInUser } from '../apps/server/test/helpers/factories.ts';

const ADDRESSES = 10_000;
const TRANSFERS = 1_000;
const CONFIRMATIONS = 3;
const EMPTY_BLOCKS = 20;
/** Transfers per token transaction: four transactions fill the one block. */
const PER_TX = 250;
const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface TChainWatcherBench {
  seenMs: number;
  creditedMs: number;
  /** The node answering the busy block's reads alone (ms). */
  busyReadMs: number;
  emptyMedianMs: number;
  emptyP90Ms: number;
  /** The node answering an empty block's reads alone (median, ms). */
  emptyReadMs: number;
  credited: number;
  ledgerOk: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? Number.NaN;

export async function measureChainWatcher(): Promise<TChainWatcherBench> {
  const node = await startEvmNode();
  const t = await buildTestApp({ CHAIN_WATCH_INTERVAL_MS: 86_400_000, LOG_LEVEL: 'silent' });
  try {
    const { app } = t;
    const token = await deployTestToken(node);
    const admin = await signedInUser(app, 'Admin');
    // 10,000 clients and their addresses, written with SQL (the API would hash 10,000 passwords).
    await app.db.execute(sql`
      insert into users (type, firstname, lastname, username, email, password_hash, referral_code, is_verified)
      select 'Client', 'Chain', 'Bench ' || i, 'chainbench_' || i, 'chainbench' || i || '@bench.test', 'x',
             'C' || lpad(to_hex(i), 7, '0'), true
      from generate_series(1, ${ADDRESSES}::int) as i`);
    const ids = (await app.db.execute(
      sql`select id from users where username like 'chainbench\\_%' order by username`,
    )) as unknown as { rows: { id: string }[] };
    const account = parseXpub(TEST_XPUB);
    if (!account) throw new Error('bad test xpub');
    const rows = ids.rows.map((r, index) => ({
      xpub: TEST_XPUB,
      userId: r.id,
      index,
      address: deriveAddress(account, index),
    }));
    for (let i = 0; i < rows.length; i += 2000) await app.db.insert(chainAddresses).values(rows.slice(i, i + 2000));
    const method = await createDepositMethodViaApi(app, admin, {
      name: 'USDT (ERC20)',
      value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
      description: 'Tether on Ethereum',
      minAmount: 1,
    });
    await setChainWatch(app.db, admin.id, method.id, {
      chain: 'ethereum',
      rpcUrl: node.directUrl,
      confirmations: CONFIRMATIONS,
      xpub: TEST_XPUB,
      asset: 'erc20',
      tokenAddress: token.address,
      tokenDecimals: 6,
      startBlock: Number(await node.client.getBlockNumber()),
    });
    const run = () => app.jobs.runNow('chain-deposits');
    await run();

    // One block with 1,000 transfers to 1,000 of our clients (every tenth).
    const targets = rows.filter((_, i) => i % (ADDRESSES / TRANSFERS) === 0).map((r) => r.address as `0x${string}`);
    for (let i = 0; i < targets.length; i += PER_TX) {
      const to = targets.slice(i, i + PER_TX);
      await token.transferMany(
        to,
        to.map(() => 1_500_000n),
      );
    }
    await node.client.mine({ blocks: 1 });
    const busy = await node.client.getBlockNumber();
    let began = performance.now();
    await run();
    const seenMs = performance.now() - began;
    await node.client.mine({ blocks: CONFIRMATIONS - 1 });
    began = performance.now();
    const credited = await run();
    const creditedMs = performance.now() - began;

    // The node alone answering the busy block's reads.
    const direct = createPublicClient({ transport: http(node.directUrl) });
    began = performance.now();
    await Promise.all([
      direct.getBlock({ blockNumber: busy }),
      direct.getLogs({ address: token.address, event: TRANSFER_EVENT, fromBlock: busy, toBlock: busy }),
    ]);
    const busyReadMs = performance.now() - began;

    const empty: number[] = [];
    const emptyReads: number[] = [];
    for (let i = 0; i < EMPTY_BLOCKS; i++) {
      await node.client.mine({ blocks: 1 });
      began = performance.now();
      await run();
      empty.push(performance.now() - began);
      const n = await node.client.getBlockNumber();
      began = performance.now();
      await Promise.all([
        direct.getBlockNumber({ cacheTime: 0 }),
        direct.getBlock({ blockNumber: n }),
        direct.getLogs({ address: token.address, event: TRANSFER_EVENT, fromBlock: n, toBlock: n }),
      ]);
      emptyReads.push(performance.now() - began);
    }
    const ledger = await verifyLedger(app.db);
    return {
      seenMs,
      creditedMs,
      busyReadMs,
      emptyMedianMs: median(empty),
      emptyP90Ms: p90(empty),
      emptyReadMs: median(emptyReads),
      credited,
      ledgerOk: ledger.ok,
    };
  } finally {
    await t.close();
    await node.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await measureChainWatcher();
  console.log(
    `1,000 transfers in one block among ${ADDRESSES} addresses: seen in ${r.seenMs.toFixed(0)} ms, ` +
      `${r.credited} credited at ${CONFIRMATIONS} confirmations in ${r.creditedMs.toFixed(0)} ms ` +
      `(total ${(r.seenMs + r.creditedMs).toFixed(0)} ms, goal ≤ 2000 ms; the node's reads alone ${r.busyReadMs.toFixed(0)} ms)`,
  );
  console.log(
    `a block with no transfer to us: median ${r.emptyMedianMs.toFixed(1)} ms, p90 ${r.emptyP90Ms.toFixed(1)} ms ` +
      `(goal < 50 ms; the node's reads alone ${r.emptyReadMs.toFixed(1)} ms); ledger ${r.ledgerOk ? 'verified' : 'NOT verified'}`,
  );
}
