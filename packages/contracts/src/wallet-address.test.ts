import { describe, expect, it } from 'vitest';
import { ZDepositMethodInput } from './methods.ts';
import { networkLabel } from './transactions.ts';
import { walletAddressProblem, walletNetwork } from './wallet-address.ts';

/** Addresses from the Bitcoin wiki and BIPs 173/350, EIP-55, and TRON's own documentation. */
const VALID = {
  bitcoin: [
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // pay-to-pubkey-hash
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // pay-to-script-hash
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // segwit v0, 20 bytes
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // the same in upper case
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // segwit v0, 32 bytes
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // taproot (bech32m)
    '  bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh  ', // surrounding spaces are ignored
  ],
  evm: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // EIP-55 checksummed
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb', // all lower case: no checksum to check
    '0xDBF03B407C01E7CD3CBEA99509D93F8DDDC8C6FB', // all upper case
  ],
  tron: [
    'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ],
};

describe('walletNetwork', () => {
  it.each([
    ['USDT (TRC20)', 'TRC20'],
    ['usdt trc20', 'TRC20'],
    ['USDT (ERC20)', 'ERC20'],
    ['USDT (BEP20)', 'BEP20'],
    ['Bitcoin (BTC)', 'BTC'],
    ['BTC', 'BTC'],
    ['Ethereum (ETH)', 'ETH'],
    ['Bank wire', null],
    ['PayPal', null],
  ])('reads %s as %s, as the network label does', (name, network) => {
    expect(walletNetwork(name)).toBe(network);
    expect(networkLabel(name)).toBe(network ?? 'N/A');
  });
});

describe('walletAddressProblem', () => {
  it.each(VALID.bitcoin)('takes the Bitcoin address %s', (address) => {
    expect(walletAddressProblem('Bitcoin (BTC)', address)).toBeNull();
  });

  it.each([
    ['TXyz', 'validation.bitcoinAddressInvalid'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaN', 'validation.walletAddressChecksum'], // cut short
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'validation.walletAddressChecksum'], // one character changed
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', 'validation.bitcoinAddressInvalid'], // 0 is not base58
    ['2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'validation.bitcoinAddressInvalid'], // neither 1 nor 3
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'validation.walletAddressChecksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tB', 'validation.bitcoinAddressInvalid'], // mixed case
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb', 'validation.bitcoinAddressInvalid'], // b is not bech32
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'validation.bitcoinAddressInvalid'], // testnet
    // BIP 350: taproot with a bech32 (not bech32m) checksum, and a 16-byte version 0 program.
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'validation.walletAddressChecksum'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'validation.bitcoinAddressInvalid'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'validation.bitcoinAddressInvalid'],
  ])('refuses %s as a Bitcoin address (%s)', (address, key) => {
    expect(walletAddressProblem('Bitcoin (BTC)', address)).toBe(key);
  });

  it.each(['Ethereum (ETH)', 'USDT (ERC20)', 'USDT (BEP20)'])('takes 0x and 40 hex digits for %s', (method) => {
    for (const address of VALID.evm) expect(walletAddressProblem(method, address)).toBeNull();
  });

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', 'validation.evmAddressInvalid'], // 38 digits
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', 'validation.evmAddressInvalid'], // 42 digits
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'validation.evmAddressInvalid'], // no 0x
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'validation.evmAddressInvalid'], // g is not hex
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'validation.walletAddressChecksum'], // EIP-55 broken
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'validation.evmAddressInvalid'],
  ])('refuses %s on an Ethereum network (%s)', (address, key) => {
    expect(walletAddressProblem('USDT (ERC20)', address)).toBe(key);
    expect(walletAddressProblem('USDT (BEP20)', address)).toBe(key);
    expect(walletAddressProblem('Ethereum (ETH)', address)).toBe(key);
  });

  it.each(VALID.tron)('takes the TRON address %s for TRC20', (address) => {
    expect(walletAddressProblem('USDT (TRC20)', address)).toBeNull();
  });

  it.each([
    ['TXyz', 'validation.tronAddressInvalid'],
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS', 'validation.tronAddressInvalid'], // 33 characters
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSEE', 'validation.tronAddressInvalid'], // 35 characters
    ['TXclientWalletAddress0000000000000', 'validation.tronAddressInvalid'], // 0 is not base58
    ['AQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'validation.tronAddressInvalid'], // not T
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF', 'validation.walletAddressChecksum'], // one character changed
    ['0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb', 'validation.tronAddressInvalid'],
  ])('refuses %s for TRC20 (%s)', (address, key) => {
    expect(walletAddressProblem('USDT (TRC20)', address)).toBe(key);
  });

  it('takes any text for a method of no known network, but not an empty one', () => {
    expect(walletAddressProblem('Bank wire', 'TXyz')).toBeNull();
    expect(walletAddressProblem('PayPal', 'me@example.com')).toBeNull();
    expect(walletAddressProblem('Bank wire', '   ')).toBe('validation.addressRequired');
  });
});

describe('deposit method address', () => {
  const form = { description: 'Tether on TRON', minAmount: '10', maxAmount: '1000' };

  it('must fit the network the method name implies, on the value field', () => {
    const result = ZDepositMethodInput.safeParse({ ...form, name: 'USDT (TRC20)', value: 'TXyz' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['value', 'validation.tronAddressInvalid'],
    ]);
    expect(ZDepositMethodInput.safeParse({ ...form, name: 'USDT (TRC20)', value: VALID.tron[0] }).success).toBe(true);
  });

  it('takes any address for a method of no known network, and says only "required" when it is empty', () => {
    expect(ZDepositMethodInput.safeParse({ ...form, name: 'Bank wire', value: 'IBAN DE00 1234' }).success).toBe(true);
    const empty = ZDepositMethodInput.safeParse({ ...form, name: 'USDT (TRC20)', value: ' ' });
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['value', 'validation.paymentAddressRequired'],
    ]);
  });
});
