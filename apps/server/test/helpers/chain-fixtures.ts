import { HDKey } from 'viem/accounts';

/**
 * The tests' operator wallet for watched deposit methods: a fixed seed (not Hardhat's funded
 * accounts), its account key m/44'/60'/0' and that key's xpub, which is all the server is given.
 */
export const TEST_SEED = new Uint8Array(32).map((_, i) => (i * 7 + 3) % 256);
export const TEST_ACCOUNT_KEY = HDKey.fromMasterSeed(TEST_SEED).derive("m/44'/60'/0'");
export const TEST_XPUB = TEST_ACCOUNT_KEY.publicExtendedKey;

/** A valid watch of a coin on a node nobody runs (for routes that only need a watch to exist). */
export const chainWatchForm = (overrides: Record<string, unknown> = {}) => ({
  chain: 'ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  confirmations: 3,
  xpub: TEST_XPUB,
  asset: 'native',
  ...overrides,
});
