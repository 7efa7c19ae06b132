import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import type { Db } from '../../../db/client.ts';
import { findDepositMethod } from '../methods/index.ts';
import { addressesOf, listWatches } from './chain-deposits.repository.ts';
import { coinCents, tokenCents } from './chain-watcher.ts';

/**
 * The balances held at the watched deposit addresses, read from each watch's node: the on-chain part
 * of proof of reserves (docs/money.md, "Proof of reserves"). For each watched method, every client
 * address derived from its key (`chain_addresses`) is read at one block, the node's tip when the read
 * starts: the coin with `eth_getBalance`, a token with its contract's `balanceOf`. The sum is valued
 * the way deposits are credited (chain-watcher.ts): a token 1 USD a token, the coin at the ETH/USD
 * bid, both rounded down to whole cents.
 *
 * A node that does not answer, or a coin without a price, counts as nothing and says so (`status`):
 * the reserves are never overstated by what could not be read.
 */

export interface TWatchedReserve {
  depositMethodId: string;
  methodName: string;
  chain: string;
  asset: 'native' | 'erc20';
  tokenAddress: string | null;
  block: bigint | null;
  addresses: number;
  /** The sum in the asset's smallest unit. */
  amountBase: bigint;
  decimals: number;
  /** The coin's bid used, cents per coin (null for a token, or without a price). */
  rateCents: bigint | null;
  cents: bigint;
  status: 'read' | 'unavailable' | 'unpriced';
}

export interface TReserveReadDeps {
  /** The chain coin's USD bid in cents now (ETH/USD), or null while the price is unavailable. */
  coinBidCents: () => bigint | null;
  /** JSON-RPC timeout per request (ms). */
  rpcTimeoutMs: number;
}

/** Addresses read at once: the transport sends them in JSON-RPC batches of 100. */
const READ_CHUNK = 500;

export async function watchedReserveBalances(db: Db, deps: TReserveReadDeps): Promise<TWatchedReserve[]> {
  const out: TWatchedReserve[] = [];
  // Two watches of the same asset on the same key hold the same addresses: counted once.
  const counted = new Set<string>();
  for (const watch of await listWatches(db)) {
    const method = await findDepositMethod(db, watch.depositMethodId);
    if (!method) continue;
    const key = [watch.chain, watch.asset, watch.tokenAddress ?? '', watch.xpub].join('|');
    if (counted.has(key)) continue;
    counted.add(key);
    const addresses = (await addressesOf(db, watch.xpub)).map((a) => a.address as Address);
    const decimals = watch.asset === 'native' ? 18 : (watch.tokenDecimals ?? 18);
    const base: TWatchedReserve = {
      depositMethodId: watch.depositMethodId,
      methodName: method.name,
      chain: watch.chain,
      asset: watch.asset,
      tokenAddress: watch.tokenAddress,
      block: null,
      addresses: addresses.length,
      amountBase: 0n,
      decimals,
      rateCents: null,
      cents: 0n,
      status: 'unavailable',
    };
    let block: bigint;
    let amountBase = 0n;
    try {
      const client = createPublicClient({
        transport: http(watch.rpcUrl, {
          timeout: deps.rpcTimeoutMs,
          retryCount: 1,
          batch: { batchSize: 100, wait: 0 },
        }),
      });
      block = await client.getBlockNumber({ cacheTime: 0 });
      for (let i = 0; i < addresses.length; i += READ_CHUNK) {
        const chunk = addresses.slice(i, i + READ_CHUNK);
        const amounts = await Promise.all(
          chunk.map((address) =>
            watch.asset === 'native' || !watch.tokenAddress
              ? client.getBalance({ address, blockNumber: block })
              : client.readContract({
                  address: watch.tokenAddress as Address,
                  abi: erc20Abi,
                  functionName: 'balanceOf',
                  args: [address],
                  blockNumber: block,
                }),
          ),
        );
        for (const amount of amounts) amountBase += amount;
      }
    } catch {
      out.push(base);
      continue;
    }
    if (watch.asset === 'erc20') {
      out.push({ ...base, block, amountBase, cents: tokenCents(amountBase, decimals), status: 'read' });
      continue;
    }
    const bid = deps.coinBidCents();
    out.push(
      bid === null
        ? { ...base, block, amountBase, status: 'unpriced' }
        : { ...base, block, amountBase, rateCents: bid, cents: coinCents(amountBase, bid), status: 'read' },
    );
  }
  return out;
}
