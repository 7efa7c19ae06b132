import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Abi, Address, Hex } from 'viem';
import type { TEvmNode } from './evm-node.ts';

/**
 * The tests' USDT-like token (6 decimals), compiled from its Solidity source (evm/test-usdt.sol) by
 * solc-js, the npm `solc` package whose compiler ships inside it as WebAssembly: the bytecode is
 * always the source's, there is no generated file to keep in step, and compiling this one contract
 * takes about a second, once per test file.
 */

const SOURCE = resolve(import.meta.dirname, 'evm/test-usdt.sol');
const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };

interface TCompiled {
  abi: Abi;
  bytecode: Hex;
}
let compiled: TCompiled | undefined;

export function compileTestToken(): TCompiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'test-usdt.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['test-usdt.sol']?.TestUSDT;
  if (!contract) throw new Error('TestUSDT was not compiled');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export interface TTestToken {
  address: Address;
  /** Mints `amount` (in base units, 6 decimals) to `to`; the transaction waits for the next mined block. */
  mint(to: Address, amount: bigint): Promise<Hex>;
  transfer(to: Address, amount: bigint): Promise<Hex>;
  transferMany(to: Address[], amounts: bigint[]): Promise<Hex>;
  balanceOf(address: Address): Promise<bigint>;
}

/** Deploys the token (mining one block for it) and mints the funded account 10^12 USDT. */
export async function deployTestToken(node: Pick<TEvmNode, 'client'>): Promise<TTestToken> {
  const { abi, bytecode } = compileTestToken();
  const { client } = node;
  const hash = await client.deployContract({ abi, bytecode, chain: client.chain, account: client.account });
  await client.mine({ blocks: 1 });
  const receipt = await client.getTransactionReceipt({ hash });
  const address = receipt.contractAddress;
  if (!address) throw new Error('the token was not deployed');
  const write = (functionName: string, args: unknown[]) =>
    client.writeContract({ address, abi, functionName, args, chain: client.chain, account: client.account });
  await write('mint', [client.account.address, 10n ** 18n]);
  await client.mine({ blocks: 1 });
  return {
    address,
    mint: (to, amount) => write('mint', [to, amount]),
    transfer: (to, amount) => write('transfer', [to, amount]),
    transferMany: (to, amounts) => write('transferMany', [to, amounts]),
    balanceOf: async (owner) =>
      (await client.readContract({ address, abi, functionName: 'balanceOf', args: [owner] })) as bigint,
  };
}
