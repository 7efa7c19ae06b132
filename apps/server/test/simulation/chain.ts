import { getChainDepositAddress, setChainWatch } from '@meridian/contracts/endpoints/chain-deposits';
import { toCents } from '@meridian/contracts/money';
import { sql } from 'drizzle-orm';
import { type Address, type Hex, serializeTransaction } from 'viem';
import { queryRows } from '../../src/db/client.ts';
import { chainWatchForm } from '../helpers/chain-fixtures.ts';
import { createDepositMethodViaApi } from '../helpers/deposits.ts';
import { startEvmNode, type TEvmNode } from '../helpers/evm-node.ts';
import { deployTestToken, type TTestToken } from '../helpers/evm-token.ts';
import { mustSend, SimulationFailure, send } from './api.ts';
import { CHAIN_CONFIRMATIONS, type TChainSend, type TOp } from './operations.ts';
import type { World } from './world.ts';

/**
 * Deposits seen on chain in the simulation (docs/money.md, "Deposits seen on chain"): a real Hardhat
 * node (test/helpers/evm-node.ts) started once, the test USDT deployed on it, and two watched deposit
 * methods on one key, ETH and USDT, each crediting at CHAIN_CONFIRMATIONS. The operations send
 * transfers to clients' own addresses (read through the client API), mine blocks, run the watcher
 * job, reorganise the chain by snapshot and revert, and take the node away and back; the checks
 * (chain-invariants.ts) hold the records to the node.
 */

export type TChainAsset = 'native' | 'token';

/** A transfer the run sent, as the node took it. */
export interface TChainSent {
  hash: Hex;
  userId: string;
  asset: TChainAsset;
  to: Address;
  value: bigint;
  dust: boolean;
  /** Checked final: N deep and credited (or dust), or gone from the chain and the pool for good. */
  settled: boolean;
}

export class ChainWorld {
  /** Each client's deposit address, as the client API answered it (one key: the same on both methods). */
  readonly addresses = new Map<string, Address>();
  readonly sent = new Map<Hex, TChainSent>();
  /** The app reaches the node (the relay is open). */
  connected = true;
  /** Something happened on chain (or to the node) since settleChain last ran the watcher. */
  changed = false;
  /** settleChain ran the watcher to the tip: the chain checks run (and reset this). */
  settled = false;
  /** Runs of the watcher the run made while the node was away: the job's `failedRuns` must be these. */
  expectedFailures = 0;
  /** Credited transfers checked right after the run that credited them (N deep, at the run's bid). */
  readonly creditsSeen = new Set<string>();
  /** chain_transfers rows checked final (credited, dust or dropped), not read again. */
  readonly verified = new Set<string>();
  readonly tally = {
    sent: 0,
    sentDust: 0,
    resent: 0,
    reorgs: 0,
    outages: 0,
    /** Sent transfers a reorganisation took off the chain for good (not sent again). */
    gone: 0,
    watcherRuns: 0,
    watcherFailures: 0,
  };

  constructor(
    readonly node: TEvmNode,
    readonly token: TTestToken,
    readonly methods: Record<TChainAsset, string>,
  ) {}

  methodOf(asset: TChainAsset): string {
    return this.methods[asset];
  }
}

/** The node and its token: started before the app is built, alongside it (a node takes seconds to start). */
export async function startChain(): Promise<{ node: TEvmNode; token: TTestToken }> {
  const node = await startEvmNode();
  try {
    return { node, token: await deployTestToken(node) };
  } catch (err) {
    await node.stop();
    throw err;
  }
}

/** Two watched methods on the node, ETH and USDT, as an operator sets them up through the admin API. */
export async function watchChain(world: World, node: TEvmNode, token: TTestToken): Promise<ChainWorld> {
  const { app, admin } = world;
  const startBlock = Number(await node.client.getBlockNumber());
  const method = async (name: string, description: string) =>
    (
      await createDepositMethodViaApi(app, admin, {
        name,
        value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
        description,
        minAmount: 1,
      })
    ).id;
  const methods = {
    native: await method('Ethereum (ETH)', 'Ether on Ethereum'),
    token: await method('USDT (ERC20)', 'Tether on Ethereum'),
  };
  const watch = (id: string, overrides: Record<string, unknown>) =>
    mustSend(app, {
      endpoint: setChainWatch,
      as: admin,
      params: { id },
      body: chainWatchForm({ rpcUrl: node.url, confirmations: CHAIN_CONFIRMATIONS, startBlock, ...overrides }),
    });
  await watch(methods.native, { asset: 'native' });
  await watch(methods.token, { asset: 'erc20', tokenAddress: token.address, tokenDecimals: 6 });
  return new ChainWorld(node, token, methods);
}

function chainOf(world: World): ChainWorld {
  if (!world.chain) throw new Error('the chain was not set up');
  return world.chain;
}

/** The amount a send stands for, in the asset's smallest unit. */
export function amountOf(s: TChainSend): bigint {
  if (s.asset === 'native')
    return s.dust ? 1n + BigInt(s.tail % 1_000_000_000) : BigInt(s.whole) * 10n ** 15n + BigInt(s.tail);
  return s.dust ? 1n + BigInt(s.tail % 9_999) : BigInt(s.whole) * 10_000n + BigInt(s.tail % 10_000);
}

/** The client's own address on the method, read once through the client API (it stays theirs). */
async function addressOf(world: World, userId: string, asset: TChainAsset): Promise<Address | undefined> {
  const chain = chainOf(world);
  const known = chain.addresses.get(userId);
  if (known) return known;
  const client = world.clientsById.get(userId);
  if (!client || client.closed) return undefined;
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: getChainDepositAddress,
    as: client.session,
    params: { id: chain.methodOf(asset) },
  });
  if (!answer.ok)
    throw new SimulationFailure(`the deposit address of ${userId} answered ${answer.status} ${answer.raw}`);
  const address = answer.body.address as Address;
  chain.addresses.set(userId, address);
  return address;
}

/** Sends one transfer to a client's address (it waits in the pool); undefined when the run never read one. */
async function transfer(world: World, s: TChainSend): Promise<Hex | undefined> {
  const chain = chainOf(world);
  const client = world.client(s.client);
  // A closed client's address (read while the account was open) still receives money: the watcher
  // records it and credits nothing while the account is closed (docs/money.md).
  const to = await addressOf(world, client.id, s.asset);
  if (!to) return undefined;
  const value = amountOf(s);
  const { client: node } = chain.node;
  const hash =
    s.asset === 'native'
      ? await node.sendTransaction({ to, value, chain: node.chain, account: node.account })
      : await chain.token.transfer(to, value);
  chain.changed = true;
  chain.sent.set(hash, { hash, userId: client.id, asset: s.asset, to, value, dust: s.dust, settled: false });
  chain.tally.sent += 1;
  if (s.dust) chain.tally.sentDust += 1;
  world.touch(client.id);
  return hash;
}

/**
 * Runs the watcher job once. With the node away it must fail (the job records it); with the node
 * there it must not, and every transfer it credited must be N deep at the cursor it left (nothing
 * moves the chain during a run), an ETH one credited at the ETH/USD bid of this run. Checked here,
 * at once: a later reorganisation shallower than N may leave a credited block less deep.
 */
export async function runWatcher(world: World): Promise<boolean> {
  const chain = chainOf(world);
  const bid = world.app.market.priceNow('ETH/USD')?.bid;
  const bidCents = bid === undefined ? null : toCents(bid);
  chain.tally.watcherRuns += 1;
  const failed = await world.app.jobs.runNow('chain-deposits').then(
    () => null,
    (err: unknown) => err,
  );
  if (failed) {
    if (chain.connected) throw new SimulationFailure(`the chain watcher failed with the node there: ${String(failed)}`);
    chain.expectedFailures += 1;
    chain.tally.watcherFailures += 1;
    return false;
  }
  if (!chain.connected) throw new SimulationFailure('the chain watcher ran through with the node away');
  chain.changed = true;
  const rows = await queryRows<{
    id: string;
    tx_hash: string;
    native: boolean;
    rate_cents: string | null;
    depth: string;
  }>(
    world.app.db,
    sql`select t.id::text, t.tx_hash, t.deposit_method_id = ${chain.methods.native}::uuid as native,
          t.rate_cents::text, (w.cursor_number - t.block_number + 1)::text as depth
        from chain_transfers t join chain_watches w on w.deposit_method_id = t.deposit_method_id
        where t.status = 'credited' and not (t.id = any(${sql.param([...chain.creditsSeen])}::uuid[]))`,
  );
  for (const row of rows) {
    if (BigInt(row.depth) < BigInt(CHAIN_CONFIRMATIONS)) {
      throw new SimulationFailure(`transfer ${row.tx_hash} was credited ${row.depth} deep, before N`);
    }
    if (row.native && (bidCents === null || row.rate_cents !== bidCents.toString())) {
      throw new SimulationFailure(
        `ETH transfer ${row.tx_hash} was credited at ${row.rate_cents}¢ per ETH; the bid of the run was ${bidCents}¢`,
      );
    }
    chain.creditsSeen.add(row.id);
  }
  return true;
}

const serialized = async (world: World, hash: Hex): Promise<Hex> => {
  const tx = await chainOf(world).node.client.getTransaction({ hash });
  return serializeTransaction(
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
  );
};

type TChainOp = Extract<TOp, { kind: 'chainSend' | 'chainMine' | 'chainWatch' | 'chainReorg' | 'chainOutage' }>;

/** Adds the time `work` takes to the run's timings under `name` (the summary prints them). */
async function timed<T>(world: World, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    world.timings.set(name, (world.timings.get(name) ?? 0) + performance.now() - started);
  }
}

export function runChainOperation(world: World, op: TChainOp): Promise<void> {
  return timed(world, 'chain operations', () => chainOperation(world, op));
}

async function chainOperation(world: World, op: TChainOp): Promise<void> {
  const chain = chainOf(world);
  const node = chain.node.client;
  switch (op.kind) {
    case 'chainSend': {
      const hash = await transfer(world, op.send);
      return world.count(op.kind, hash ? 'acknowledged' : 'skipped');
    }
    case 'chainMine':
      await node.mine({ blocks: op.blocks });
      chain.changed = true;
      return world.count(op.kind, 'acknowledged');
    case 'chainWatch':
      return world.count(op.kind, (await runWatcher(world)) ? 'acknowledged' : 'refused');
    case 'chainReorg': {
      const height = await node.getBlockNumber({ cacheTime: 0 });
      const snapshot = await node.snapshot();
      chain.changed = true;
      if (op.emptyFirst) await node.mine({ blocks: 1 });
      // Sent one after another: their nonces follow, so a prefix of them can be sent again.
      const hashes: Hex[] = [];
      for (const s of op.sends) {
        const hash = await transfer(world, s);
        if (hash) hashes.push(hash);
      }
      await node.mine({ blocks: op.before });
      if (op.watchBefore) await runWatcher(world);
      const again = await Promise.all(hashes.slice(0, op.resend).map((hash) => serialized(world, hash)));
      await node.revert({ id: snapshot });
      const back = await node.getBlockNumber({ cacheTime: 0 });
      if (back !== height) throw new SimulationFailure(`evm_revert left the chain at ${back}, not ${height}`);
      chain.tally.reorgs += 1;
      if (op.newEmptyFirst) await node.mine({ blocks: 1 });
      for (const raw of again) {
        await node.sendRawTransaction({ serializedTransaction: raw });
        chain.tally.resent += 1;
      }
      await node.mine({ blocks: op.after });
      return world.count(op.kind, 'acknowledged');
    }
    case 'chainOutage':
      chain.changed = true;
      if (chain.connected) {
        // Away: blocks go on, and the watcher's run fails (and is recorded as failed).
        await chain.node.disconnect();
        chain.connected = false;
        chain.tally.outages += 1;
        if (op.mineWhileAway > 0) await node.mine({ blocks: op.mineWhileAway });
        await runWatcher(world);
      } else {
        await chain.node.reconnect();
        chain.connected = true;
        if (op.mineWhileAway > 0) await node.mine({ blocks: op.mineWhileAway });
      }
      return world.count(op.kind, 'acknowledged');
  }
}

/**
 * Before the checks, when `due` and something happened on chain since the last time: the node back,
 * and the watcher run to the tip, so the records are compared with the chain as it is (chain-
 * invariants.ts runs only then). Not after every batch: a run of the watcher takes a while, and the
 * credits are checked at every run anyway (runWatcher).
 */
export async function settleChain(world: World, due: boolean): Promise<void> {
  const chain = world.chain;
  if (!due || !chain?.changed) return;
  await timed(world, 'chain settle', async () => {
    if (!chain.connected) {
      await chain.node.reconnect();
      chain.connected = true;
    }
    await runWatcher(world);
  });
  chain.changed = false;
  chain.settled = true;
}

/** The chain's figures for the summary: what was sent, and what the records say became of it. */
export async function chainFigures(world: World): Promise<string> {
  const chain = world.chain;
  if (!chain) return '';
  const rows = await queryRows<{ status: string; n: number }>(
    world.app.db,
    sql`select status, count(*)::int as n from chain_transfers group by status`,
  );
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const t = chain.tally;
  return (
    `chain: ${t.sent} transfers sent (${t.sentDust} dust, ${t.resent} sent again after a reorganisation), ` +
    `recorded ${by.credited ?? 0} credited, ${by.confirming ?? 0} confirming, ${by.dust ?? 0} dust, ` +
    `${by.dropped ?? 0} dropped by a reorganisation; ${t.gone} sent transfers gone from the chain for good; ` +
    `${t.reorgs} reorganisations, ${t.outages} node outages, ` +
    `watcher ${t.watcherRuns} runs (${t.watcherFailures} failed with the node away)`
  );
}
