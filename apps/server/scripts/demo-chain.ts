/**
 * `npm run demo:chain`: a local Ethereum node for trying watched deposit methods with `npm start`
 * (docs/operations.md, "Watched deposit methods"). It starts Hardhat (a development dependency, as in
 * the tests: test/helpers/evm-node.ts) on DEMO_CHAIN_PORT (default 8545), deploys the tests' USDT-like
 * token, mines a block every few seconds so confirmations move by themselves, prints the settings to
 * paste into a deposit method's Chain watch form, and then reads commands that send to a client's
 * address. Development only: Hardhat's funded accounts are public knowledge. Ctrl+C ends it.
 */
import { createInterface } from 'node:readline';
import { type Address, isAddress, parseEther, parseUnits } from 'viem';
import { TEST_XPUB } from '../test/helpers/chain-fixtures.ts';
import { startEvmNode } from '../test/helpers/evm-node.ts';
import { deployTestToken } from '../test/helpers/evm-token.ts';

const port = Number(process.env.DEMO_CHAIN_PORT ?? 8545);
/** A block every few seconds: a transfer shows Confirming 1/N, then n grows until it is credited. */
const BLOCK_EVERY_MS = Number(process.env.DEMO_CHAIN_BLOCK_MS ?? 3000);

const node = await startEvmNode({ port });
const token = await deployTestToken(node);
const startBlock = await node.client.getBlockNumber({ cacheTime: 0 });
const miner = setInterval(() => {
  node.client.mine({ blocks: 1 }).catch((err: unknown) => console.error(err instanceof Error ? err.message : err));
}, BLOCK_EVERY_MS);

console.log(`A local Ethereum node listens on ${node.url} (a block every ${BLOCK_EVERY_MS / 1000} s).

In the back office, open a deposit method (e.g. "USDT (ERC20)") → Chain watch → Set up chain watch:
  Chain                     Ethereum
  Node URL (JSON-RPC)       ${node.url}
  Confirmations             3
  Extended public key       ${TEST_XPUB}
  Asset                     ERC-20 token
  Token contract address    ${token.address}
  Decimals                  6
  Start block (optional)    ${startBlock}
  Explorer link (optional)  leave empty (a local node has no explorer)
For an ETH method choose Asset "Native coin (ETH)" instead: it is credited at the market feed's ETH/USD bid.

Then open the method as a client, copy their address, and type here:
  usdt <address> <amount>   sends that many test USDT (e.g. usdt 0xabc… 25)
  eth <address> <amount>    sends that much ETH
  mine [blocks]             mines blocks at once (default 1)
`);

async function run(line: string): Promise<string> {
  const [command, to, amount] = line.trim().split(/\s+/);
  if (!command) return '';
  if (command === 'mine') {
    const blocks = Number(to ?? 1);
    if (!Number.isInteger(blocks) || blocks < 1) return 'mine [blocks]: a whole number of blocks';
    await node.client.mine({ blocks });
    return `mined ${blocks}; the tip is block ${await node.client.getBlockNumber({ cacheTime: 0 })}`;
  }
  if ((command === 'usdt' || command === 'eth') && to && amount) {
    if (!isAddress(to)) return `not an address: ${to}`;
    const hash =
      command === 'usdt'
        ? await token.transfer(to as Address, parseUnits(amount, 6))
        : await node.client.sendTransaction({
            to: to as Address,
            value: parseEther(amount),
            chain: node.client.chain,
            account: node.client.account,
          });
    return `sent ${amount} ${command.toUpperCase()} to ${to}: ${hash} (in the next block)`;
  }
  return 'usdt <address> <amount> | eth <address> <amount> | mine [blocks]';
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  run(line).then(
    (answer) => answer && console.log(answer),
    (err: unknown) => console.error(err instanceof Error ? err.message : err),
  );
});

const stop = () => {
  clearInterval(miner);
  input.close();
  void node.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
