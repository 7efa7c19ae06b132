import { HDKey, hdKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNT_KEY, TEST_SEED, TEST_XPUB } from '../../../../test/helpers/chain-fixtures.ts';
import { coinCents, tokenCents } from './chain-watcher.ts';
import { deriveAddress, parseXpub } from './derivation.ts';

describe('deposit addresses from an xpub (docs/operations.md, "Watched deposit methods")', () => {
  it('are the addresses the seed’s wallet has at m/44’/60’/0’/0/i, derived from the public key alone', () => {
    const account = parseXpub(TEST_XPUB);
    expect(account?.privateKey).toBeNull();
    const root = HDKey.fromMasterSeed(TEST_SEED);
    for (const index of [0, 1, 2, 99, 2 ** 31 - 1]) {
      // viem derives it from the private key of the full path, as a wallet does.
      const wallet = hdKeyToAccount(root, { addressIndex: index }).address.toLowerCase();
      expect(deriveAddress(account as HDKey, index)).toBe(wallet);
    }
  });

  it('refuses an extended private key, text that is no key, and an index out of range', () => {
    expect(parseXpub(TEST_ACCOUNT_KEY.privateExtendedKey)).toBeNull();
    expect(parseXpub('xpub-not-a-key')).toBeNull();
    expect(() => deriveAddress(parseXpub(TEST_XPUB) as HDKey, 2 ** 31)).toThrow();
    expect(() => deriveAddress(parseXpub(TEST_XPUB) as HDKey, -1)).toThrow();
  });
});

describe('amounts (docs/money.md, "Deposits seen on chain")', () => {
  it('a 6-decimal token is dollars 1:1, cut to whole cents', () => {
    expect(tokenCents(12_345_678n, 6)).toBe(1234n);
    expect(tokenCents(9_999n, 6)).toBe(0n);
    expect(tokenCents(10_000n, 6)).toBe(1n);
    expect(tokenCents(10n ** 30n, 18)).toBe(10n ** 14n);
    expect(tokenCents(5n, 2)).toBe(5n);
  });

  it('ETH is valued at a bid in cents per coin, rounded down, exactly for any size', () => {
    expect(coinCents(10n ** 18n, 312_345n)).toBe(312_345n);
    expect(coinCents(50_000_000_000_000_000n, 312_345n)).toBe(15_617n); // 0.05 × 3123.45 = 156.1725
    expect(coinCents(1n, 312_345n)).toBe(0n);
    expect(coinCents(123_456_789n * 10n ** 18n, 400_000_00n)).toBe(123_456_789n * 400_000_00n);
  });
});
