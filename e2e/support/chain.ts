import { test } from '@playwright/test';
import { startEvmNode, type TEvmNode } from '../../apps/server/test/helpers/evm-node.ts';

/**
 * A real local EVM node of the spec's own (Hardhat, apps/server/test/helpers/evm-node.ts: automatic
 * mining off, blocks mined when the journey chooses), started before its tests and stopped after.
 * The chain journeys run side by side, so they must not share a chain: one's blocks would confirm
 * the other's transfers before it looks. The app reaches it at `url`; `client` sends from Hardhat's
 * funded account and mines.
 */
export function useOwnEvmNode(): () => TEvmNode {
  let node: TEvmNode | undefined;
  test.beforeAll(async () => {
    // A loaded 2-core machine has taken over 30 s to start one.
    test.setTimeout(120_000);
    node = await startEvmNode();
  });
  test.afterAll(async () => {
    await node?.stop();
  });
  return () => {
    if (!node) throw new Error('the EVM node did not start');
    return node;
  };
}
