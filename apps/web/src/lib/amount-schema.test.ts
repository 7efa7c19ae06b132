import { expect, it } from 'vitest';
import { depositFormSchema, withdrawalFormSchema } from './amount-schema';

const ids = {
  depositMethod: '0b6a2f0e-4a55-4a8f-9d33-2f6c7a1d9e01',
  user: '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
}

it('checks a deposit amount against the method limits with the spec messages', () => {
  const schema = depositFormSchema({ min: 10, max: 50_000 }, 'USDT (TRC20)');
  expect(schema.safeParse({ ...ids, amount: '25.50' }).success).toBe(true);
  // The form shows a field's first issue.
  expect(issues(schema.safeParse({ ...ids, amount: '' }))[0]).toBe('amount: validation.amountRequired');
  expect(issues(schema.safeParse({ ...ids, amount: '9.99' }))).toEqual(['amount: validation.amountMin']);
  expect(issues(schema.safeParse({ ...ids, amount: '50000.01' }))).toEqual(['amount: validation.amountMax']);
  expect(issues(schema.safeParse({ ...ids, amount: '10.001' }))).toEqual(['amount: validation.amountInvalid']);
});

it('checks a deposit’s transfer hash and sending address on the method’s network, when given', () => {
  const schema = depositFormSchema({ min: 10, max: 50_000 }, 'USDT (TRC20)');
  const base = { ...ids, amount: '25' };
  const hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  expect(schema.safeParse({ ...base, reference: '', senderAddress: '' }).success).toBe(true);
  expect(
    schema.safeParse({ ...base, reference: hash, senderAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }).success,
  ).toBe(true);
  expect(issues(schema.safeParse({ ...base, reference: `0x${hash}`, senderAddress: 'TXyz' }))).toEqual([
    'reference: validation.txHashInvalid',
    'senderAddress: validation.tronAddressInvalid',
  ]);
});

it('checks a withdrawal amount against what can be withdrawn, and needs an address', () => {
  const schema = withdrawalFormSchema({ min: 10, max: 1000, available: 100 }, 'USDT (TRC20)');
  const base = { withdrawalMethod: ids.depositMethod, user: ids.user, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
  expect(schema.safeParse({ ...base, amount: '100' }).success).toBe(true);
  expect(issues(schema.safeParse({ ...base, amount: '100.01' }))).toEqual(['amount: errors.amountAboveWithdrawable']);
  expect(issues(schema.safeParse({ ...base, amount: '50', address: ' ' }))).toEqual([
    'address: validation.addressRequired',
  ]);
});

it('checks a withdrawal amount against what the withdrawal limits allow now, after the balance', () => {
  const base = { withdrawalMethod: ids.depositMethod, user: ids.user, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
  const schema = withdrawalFormSchema({ min: 10, max: 1000, available: 100 }, 'USDT (TRC20)', 40.5);
  expect(schema.safeParse({ ...base, amount: '40.50' }).success).toBe(true);
  expect(issues(schema.safeParse({ ...base, amount: '40.51' }))).toEqual(['amount: withdrawals.aboveLimitNow']);
  // Above the balance too: the balance is what is named.
  expect(issues(schema.safeParse({ ...base, amount: '150' }))).toEqual(['amount: errors.amountAboveWithdrawable']);
  // No limit, or not known yet: only the balance counts.
  const open = withdrawalFormSchema({ min: 10, max: 1000, available: 100 }, 'USDT (TRC20)', null);
  expect(open.safeParse({ ...base, amount: '100' }).success).toBe(true);
});

it('checks the address by the network the method name implies, as the server does', () => {
  const base = { withdrawalMethod: ids.depositMethod, user: ids.user, amount: '50' };
  const limits = { min: 10, max: 1000, available: 100 };
  const tron = withdrawalFormSchema(limits, 'USDT (TRC20)');
  expect(issues(tron.safeParse({ ...base, address: 'TXyz' }))).toEqual(['address: validation.tronAddressInvalid']);
  const ether = withdrawalFormSchema(limits, 'Ethereum (ETH)');
  expect(issues(ether.safeParse({ ...base, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }))).toEqual([
    'address: validation.walletAddressChecksum',
  ]);
  expect(ether.safeParse({ ...base, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).success).toBe(true);
  const bitcoin = withdrawalFormSchema(limits, 'Bitcoin (BTC)');
  expect(issues(bitcoin.safeParse({ ...base, address: 'TXyz' }))).toEqual([
    'address: validation.bitcoinAddressInvalid',
  ]);
  expect(withdrawalFormSchema(limits, 'Bank wire').safeParse({ ...base, address: 'TXyz' }).success).toBe(true);
});
