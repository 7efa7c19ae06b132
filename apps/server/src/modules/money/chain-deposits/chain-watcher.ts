import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createPublicClient, http, type PublicClient, parseAbiItem } from 'viem';
import type { Db, Tx } from '../../../db/client.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { creditChainDeposits, dropChainDeposit, openChainDeposits, type TChainCredit } from '../deposits/index.ts';
import { findDepositMethod } from '../methods/index.ts';
import {
  addressesOf,
  countAddresses,
  deleteBlocksAbove,
  findWatch,
  insertBlocks,
  insertTransfers,
  listWatches,
  liveTransferKeys,
  lockDueTransfers,
  lockTransfersAbove,
  lockWatch,
  pruneBlocksBelow,
  recentBlocks,
  setCursor,
  setTransferStatus,
  type TChainWatchRow,
  type TNewChainTransfer,
  usersConfirming,
} from './chain-deposits.repository.ts';

/**
 * The chain watcher (docs/money.md, "Deposits seen on chain"). Each run follows every watched method's
 * chain from its cursor (the last block applied, number and hash) to the node's tip:
 *
 * 1. It reads the next blocks from the node, outside any database transaction, and keeps them only
 *    while each one's parent is the block before it (the first is the cursor's child).
 * 2. It applies them in one database transaction that locks the watch's row and finds the cursor
 *    where it read it (compare-and-set): the transfers to clients' addresses are recorded with their
 *    Pending deposit records, the cursor moves, and every confirming transfer now `confirmations`
 *    deep is credited through the ledger. Another server that applied the same blocks first moved the
 *    cursor: this one's work is rolled back and it reads on from the new cursor. So each transfer is
 *    recorded once and credited once, with any number of servers, crashes and restarts.
 * 3. When the cursor's block is no longer the node's (a reorganisation), it walks back through the
 *    kept block hashes to the common ancestor, moves the cursor there and drops the transfers of the
 *    blocks above it that were still confirming: their deposits are Declined and never credited.
 *
 * A node that fails or is away fails the run (the job's status and /api/health show it); the next
 * run starts again from the cursor, which only ever moved with what it applied.
 */

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read and applied per database transaction. */
const BATCH_BLOCKS = 50;
/** Blocks one run reads per watch at most: a watch far behind catches up over several runs. */
const MAX_BLOCKS_PER_RUN = 2_000;
/** Block hashes kept past the confirmations, to find the ancestor of a reorganisation. */
const KEPT_BLOCKS_MARGIN = 64n;

export interface TChainWatcherDeps {
  mail: Mailer;
  /** The chain coin's USD bid in cents now (ETH/USD), or null while the price is unavailable. */
  coinBidCents: () => bigint | null;
  log: FastifyBaseLogger;
  /** JSON-RPC timeout per request (ms). */
  rpcTimeoutMs?: number;
}

/** What a deposit record copies of its method. */
interface TWatchedMethod {
  id: string;
  name: string;
}

interface TBlockRead {
  number: bigint;
  hash: string;
  parentHash: string;
}

interface TFound {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  from: string;
  to: string;
  value: bigint;
}

const clients = new Map<string, PublicClient>();
/** One client per node and timeout, shared by the deposit and the payout watchers. */
export function clientOf(url: string, timeout: number): PublicClient {
  const key = `${timeout} ${url}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({
      transport: http(url, { timeout, retryCount: 1, batch: { batchSize: 100, wait: 0 } }),
    });
    clients.set(key, client);
  }
  return client;
}

/** The addresses of one key, reloaded only when their count changed (addresses are never removed). */
const addressSets = new Map<string, { count: number; byAddress: Map<string, string> }>();
async function addressSetOf(db: Db, xpub: string): Promise<Map<string, string>> {
  const count = await countAddresses(db, xpub);
  const cached = addressSets.get(xpub);
  if (cached && cached.count === count) return cached.byAddress;
  const rows = await addressesOf(db, xpub);
  const byAddress = new Map(rows.map((r) => [r.address, r.userId]));
  addressSets.set(xpub, { count: rows.length, byAddress });
  return byAddress;
}

/** One run over every watch; a watch whose node fails does not stop the others, but fails the run. */
export async function watchChains(db: Db, deps: TChainWatcherDeps, signal: AbortSignal): Promise<number> {
  let processed = 0;
  let failure: unknown;
  for (const watch of await listWatches(db)) {
    if (signal.aborted) break;
    try {
      // A deleted method is no longer watched (docs/operations.md, "Watched deposit methods").
      const method = await findDepositMethod(db, watch.depositMethodId);
      if (!method) continue;
      processed += await followWatch(db, watch, method, deps, signal);
    } catch (err) {
      deps.log.error({ err, depositMethodId: watch.depositMethodId }, 'chain watch failed');
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return processed;
}

/** Follows one watch to the node's tip (at most MAX_BLOCKS_PER_RUN blocks); answers transfers recorded and credited. */
export async function followWatch(
  db: Db,
  start: TChainWatchRow,
  method: TWatchedMethod,
  deps: TChainWatcherDeps,
  signal: AbortSignal,
): Promise<number> {
  const client = clientOf(start.rpcUrl, deps.rpcTimeoutMs ?? 10_000);
  const methodId = start.depositMethodId;
  let watch = start;
  let processed = 0;
  let read = 0;
  const tip = await client.getBlockNumber({ cacheTime: 0 });
  if (watch.cursorNumber === null || watch.cursorHash === null) {
    const from = watch.startBlock ?? tip;
    const block = await client.getBlock({ blockNumber: from });
    const set = await db.transaction(async (tx) => {
      const locked = await lockWatch(tx, methodId);
      if (!locked || locked.cursorNumber !== null) return false;
      await setCursor(tx, methodId, from, block.hash);
      await insertBlocks(tx, methodId, [{ number: from, hash: block.hash }]);
      return true;
    });
    if (!set) return 0;
    watch = { ...watch, cursorNumber: from, cursorHash: block.hash };
  }
  while (!signal.aborted && read < MAX_BLOCKS_PER_RUN) {
    const cursor = { number: watch.cursorNumber as bigint, hash: watch.cursorHash as string };
    if (cursor.number >= tip) {
      // At the tip: still the node's block? A shorter or different chain is a reorganisation.
      const same = await client.getBlock({ blockNumber: cursor.number }).then(
        (b) => b.hash === cursor.hash,
        () => false,
      );
      if (!same) {
        watch = await rollBack(db, client, watch, deps);
        continue;
      }
      break;
    }
    const last = cursor.number + BigInt(Math.min(BATCH_BLOCKS, MAX_BLOCKS_PER_RUN - read));
    const to = last < tip ? last : tip;
    const blocks = await readBlocks(client, watch, cursor.number + 1n, to);
    if (blocks.kept.length === 0) {
      watch = await rollBack(db, client, watch, deps);
      continue;
    }
    read += blocks.kept.length;
    const outcome = await apply(db, watch, method, cursor, blocks.kept, blocks.found, deps);
    if (outcome === 'moved') {
      // Another server applied these blocks first: read on from where it left the cursor.
      const fresh = await findWatch(db, methodId);
      if (!fresh || fresh.cursorNumber === null) return processed;
      watch = fresh;
      continue;
    }
    processed += outcome.processed;
    const newest = blocks.kept[blocks.kept.length - 1] as TBlockRead;
    watch = { ...watch, cursorNumber: newest.number, cursorHash: newest.hash };
  }
  return processed;
}

/**
 * Reads blocks `from`..`to` and the transfers in them to the watch's addresses. Keeps the blocks that
 * chain on from the cursor; stops at the first that does not (the chain changed under the read).
 */
async function readBlocks(
  client: PublicClient,
  watch: TChainWatchRow,
  from: bigint,
  to: bigint,
): Promise<{ kept: TBlockRead[]; found: TFound[] }> {
  const native = watch.asset === 'native';
  const numbers: bigint[] = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  const [blocks, logs] = await Promise.all([
    Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: native }))),
    native || !watch.tokenAddress
      ? Promise.resolve([])
      : client.getLogs({
          address: watch.tokenAddress as `0x${string}`,
          event: TRANSFER_EVENT,
          fromBlock: from,
          toBlock: to,
          strict: true,
        }),
  ]);
  const kept: TBlockRead[] = [];
  const found: TFound[] = [];
  let parent = watch.cursorHash;
  for (const block of blocks) {
    if (block.parentHash !== parent || block.hash === null || block.number === null) break;
    kept.push({ number: block.number, hash: block.hash, parentHash: block.parentHash });
    parent = block.hash;
    if (native) {
      for (const t of block.transactions) {
        if (typeof t === 'string' || !t.to || t.value <= 0n) continue;
        found.push({
          txHash: t.hash,
          logIndex: -1,
          blockNumber: block.number,
          blockHash: block.hash,
          from: t.from.toLowerCase(),
          to: t.to.toLowerCase(),
          value: t.value,
        });
      }
    }
  }
  const hashes = new Map(kept.map((b) => [b.number, b.hash]));
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
    const hash = hashes.get(log.blockNumber);
    if (hash === undefined) continue;
    if (hash !== log.blockHash) {
      // The logs came from another version of the chain than the blocks: keep the blocks below it.
      const at = kept.findIndex((b) => b.number === log.blockNumber);
      kept.length = at;
      break;
    }
    found.push({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      from: log.args.from.toLowerCase(),
      to: log.args.to.toLowerCase(),
      value: log.args.value,
    });
  }
  const top = kept[kept.length - 1]?.number ?? -1n;
  return { kept, found: found.filter((f) => f.blockNumber <= top && f.value > 0n) };
}

/** Cents of a token amount: 1 token = 1 USD, cut to whole cents (the dust below a cent is not credited). */
export function tokenCents(base: bigint, decimals: number): bigint {
  return decimals >= 2 ? base / 10n ** BigInt(decimals - 2) : base * 10n ** BigInt(2 - decimals);
}

/** Cents of an amount of the chain's coin (18 decimals) at a bid in cents per coin, rounded down. */
export function coinCents(wei: bigint, bidCents: bigint): bigint {
  return (wei * bidCents) / 10n ** 18n;
}

function centsOfTransfer(watch: TChainWatchRow, base: bigint, bidCents: bigint | null): bigint | null {
  if (watch.asset === 'erc20') return tokenCents(base, watch.tokenDecimals ?? 18);
  return bidCents === null ? null : coinCents(base, bidCents);
}

/**
 * Applies read blocks in one database transaction, if the cursor is still where they were read from:
 * records the transfers to clients' addresses, moves the cursor and credits what is now confirmed.
 */
async function apply(
  db: Db,
  watch: TChainWatchRow,
  method: TWatchedMethod,
  cursor: { number: bigint; hash: string },
  blocks: TBlockRead[],
  found: TFound[],
  deps: TChainWatcherDeps,
): Promise<'moved' | { processed: number }> {
  const methodId = watch.depositMethodId;
  // A block with no transfer of the asset at all (most blocks of a token) needs no address set.
  const addresses = found.length === 0 ? new Map<string, string>() : await addressSetOf(db, watch.xpub);
  const ours = found.filter((f) => addresses.has(f.to));
  const bid = watch.asset === 'native' ? deps.coinBidCents() : null;
  if (watch.asset === 'native' && ours.length > 0 && bid === null) {
    // A coin's deposit shows its dollar value at once: without a price the blocks wait for one.
    throw new Error('no ETH/USD price to value the transfers seen');
  }
  const newest = blocks[blocks.length - 1] as TBlockRead;
  return db.transaction(async (tx) => {
    const locked = await lockWatch(tx, methodId);
    if (!locked || locked.cursorNumber !== cursor.number || locked.cursorHash !== cursor.hash) return 'moved' as const;
    await insertBlocks(tx, methodId, blocks);
    const known = await liveTransferKeys(
      tx,
      methodId,
      ours.map((f) => f.txHash),
    );
    const rows: TNewChainTransfer[] = [];
    const seen: Parameters<typeof openChainDeposits>[1][number][] = [];
    for (const f of ours) {
      if (known.has(`${f.txHash}:${f.logIndex}`)) continue;
      known.add(`${f.txHash}:${f.logIndex}`);
      const userId = addresses.get(f.to) as string;
      const cents = centsOfTransfer(watch, f.value, bid);
      const dust = cents === null || cents <= 0n;
      const transactionId = dust ? null : randomUUID();
      rows.push({
        depositMethodId: methodId,
        txHash: f.txHash,
        logIndex: f.logIndex,
        blockNumber: f.blockNumber,
        blockHash: f.blockHash,
        fromAddress: f.from,
        toAddress: f.to,
        userId,
        amountBase: f.value.toString(),
        status: dust ? 'dust' : 'confirming',
        transactionId,
      });
      if (transactionId && cents !== null) {
        seen.push({
          id: transactionId,
          userId,
          amount: cents,
          method: { id: method.id, name: method.name, value: f.to },
          txHash: f.txHash,
          fromAddress: f.from,
        });
      }
    }
    await openChainDeposits(tx, seen);
    await insertTransfers(tx, rows);
    await setCursor(tx, methodId, newest.number, newest.hash);
    await pruneBlocksBelow(tx, methodId, newest.number - BigInt(locked.confirmations) - KEPT_BLOCKS_MARGIN);
    const credited = await creditDue(tx, locked, newest.number, deps);
    // Every client still confirming sees n/N move.
    for (const userId of await usersConfirming(tx, methodId)) noteLiveChange(tx, userId, ['transactions']);
    return { processed: rows.length + credited };
  });
}

/** Credits every confirming transfer `confirmations` deep at `tipNumber`, once (docs/money.md). */
async function creditDue(tx: Tx, watch: TChainWatchRow, tipNumber: bigint, deps: TChainWatcherDeps): Promise<number> {
  const due = await lockDueTransfers(tx, watch.depositMethodId, tipNumber - BigInt(watch.confirmations) + 1n);
  if (due.length === 0) return 0;
  const bid = watch.asset === 'native' ? deps.coinBidCents() : null;
  // A coin is credited at the bid at the credit; without a price its transfers wait for the next run.
  if (watch.asset === 'native' && bid === null) return 0;
  const credits: TChainCredit[] = [];
  const dust: string[] = [];
  for (const t of due) {
    const cents = centsOfTransfer(watch, BigInt(t.amountBase), bid) ?? 0n;
    if (cents <= 0n || !t.transactionId) {
      dust.push(t.id);
      if (t.transactionId) await dropChainDeposit(tx, t.transactionId);
      continue;
    }
    credits.push({ transactionId: t.transactionId, amount: cents, txHash: t.txHash });
  }
  const completed = await creditChainDeposits(tx, deps.mail, credits);
  // Credited now, or earlier by an admin's Completed: either way never again. A deposit an admin
  // Declined stays confirming, to be credited if the desk puts it back to Pending.
  await setTransferStatus(
    tx,
    due.filter((t) => t.transactionId !== null && completed.has(t.transactionId)).map((t) => t.id),
    { status: 'credited', rateCents: bid, creditedAt: new Date() },
  );
  await setTransferStatus(tx, dust, { status: 'dust' });
  return completed.size;
}

/**
 * The cursor's block is not the node's any more: finds the newest kept block the node still has (the
 * common ancestor), moves the cursor there and drops the transfers above it that were not credited.
 */
async function rollBack(
  db: Db,
  client: PublicClient,
  watch: TChainWatchRow,
  deps: TChainWatcherDeps,
): Promise<TChainWatchRow> {
  const methodId = watch.depositMethodId;
  let ancestor: { number: bigint; hash: string } | undefined;
  for (const kept of await recentBlocks(db, methodId)) {
    const now = await client.getBlock({ blockNumber: kept.number }).catch(() => null);
    if (now?.hash === kept.hash) {
      ancestor = kept;
      break;
    }
  }
  if (!ancestor) {
    throw new Error('chain reorganisation deeper than the kept blocks: the watch needs the operator');
  }
  const found = ancestor;
  const moved = await db.transaction(async (tx) => {
    const locked = await lockWatch(tx, methodId);
    if (!locked || locked.cursorNumber !== watch.cursorNumber || locked.cursorHash !== watch.cursorHash) return locked;
    await deleteBlocksAbove(tx, methodId, found.number);
    const gone = await lockTransfersAbove(tx, methodId, found.number);
    const dropped = gone.filter((t) => t.status === 'confirming' || t.status === 'dust');
    const credited = gone.filter((t) => t.status === 'credited');
    if (credited.length > 0) {
      // Deeper than the confirmations: the credit stands (the ledger is never rewritten); the desk must look.
      deps.log.error(
        { depositMethodId: methodId, transfers: credited.map((t) => t.txHash) },
        'credited chain transfers left the chain in a reorganisation deeper than the confirmations',
      );
    }
    await setTransferStatus(
      tx,
      dropped.map((t) => t.id),
      { status: 'dropped' },
    );
    for (const t of dropped) if (t.transactionId) await dropChainDeposit(tx, t.transactionId);
    await setCursor(tx, methodId, found.number, found.hash);
    deps.log.warn(
      {
        depositMethodId: methodId,
        from: watch.cursorNumber?.toString(),
        to: found.number.toString(),
        dropped: dropped.length,
      },
      'chain reorganisation: watch rolled back',
    );
    return { ...locked, cursorNumber: found.number, cursorHash: found.hash };
  });
  if (!moved) throw new Error('the watch was removed');
  return moved;
}
