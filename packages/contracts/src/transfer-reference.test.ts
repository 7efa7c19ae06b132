import { describe, expect, it } from 'vitest';
import { ZDepositInput, ZWithdrawalStatusInput } from './transactions.ts';
import { transferReferenceProblem } from './transfer-reference.ts';

/** A SHA-256 of nothing: the shape of a Bitcoin or TRON transaction id, and after 0x of an Ethereum one. */
const HEX = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('transferReferenceProblem', () => {
  it.each([
    ['Bitcoin (BTC)', HEX],
    ['USDT (TRC20)', HEX.toUpperCase()],
    ['Ethereum (ETH)', `0x${HEX}`],
    ['USDT (ERC20)', HEX], // an Ethereum hash written without its 0x is still that hash
    ['USDT (BEP20)', ` 0x${HEX} `],
    // References that are not hashes are taken on every network: an exchange's or a bank's.
    ['USDT (TRC20)', 'Binance withdrawal 1234-5678'],
    ['Bitcoin (BTC)', 'WD#20240501/77'],
    ['Ethereum (ETH)', 'kraken:AB12-CD34'],
    ['Bank wire', '0x12'],
    ['Bank wire', 'SEPA+REF.2024_05'],
  ])('takes %s reference %j', (method, reference) => {
    expect(transferReferenceProblem(method, reference)).toBeNull();
  });

  it.each([
    ['USDT (TRC20)', '', 'validation.referenceRequired'],
    ['USDT (TRC20)', '   ', 'validation.referenceRequired'],
    ['USDT (TRC20)', 'x'.repeat(129), 'validation.tooLong'],
    ['USDT (TRC20)', '-starts-with-a-dash', 'validation.referenceCharacters'],
    ['Bank wire', 'ref<script>', 'validation.referenceCharacters'],
    ['Bank wire', 'réf 12', 'validation.referenceCharacters'],
    ['Bitcoin (BTC)', `0x${HEX}`, 'validation.txHashInvalid'],
    ['USDT (TRC20)', HEX.slice(0, 63), 'validation.txHashInvalid'],
    ['USDT (TRC20)', `${HEX}0`, 'validation.txHashInvalid'],
    ['Ethereum (ETH)', '0x1234', 'validation.evmHashInvalid'],
    ['USDT (ERC20)', `0x${HEX.slice(0, 62)}`, 'validation.evmHashInvalid'],
    ['USDT (BEP20)', HEX.slice(0, 50), 'validation.evmHashInvalid'],
  ])('refuses %s reference %j with %s', (method, reference, key) => {
    expect(transferReferenceProblem(method, reference)).toBe(key);
  });
});

describe('the forms that carry a reference', () => {
  it('a deposit may come with or without its reference and sending address', () => {
    const base = {
      amount: 10,
      depositMethod: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      user: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
    };
    expect(ZDepositInput.safeParse(base).success).toBe(true);
    expect(ZDepositInput.parse({ ...base, reference: ` ${HEX} `, senderAddress: '' })).toMatchObject({
      reference: HEX,
      senderAddress: '',
    });
  });

  it('a withdrawal status keeps refusing fields it does not know', () => {
    expect(ZWithdrawalStatusInput.safeParse({ status: 'Completed', reference: HEX }).success).toBe(true);
    expect(ZWithdrawalStatusInput.safeParse({ status: 'Completed', hash: HEX }).success).toBe(false);
  });
});
