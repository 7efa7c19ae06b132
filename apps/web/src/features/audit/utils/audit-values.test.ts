import { describe, expect, it } from 'vitest';
import { dollarsOf, humaniseKey, isIsoDateTime, kindOf } from './audit-values';

describe('humaniseKey', () => {
  it('turns a field name nobody labelled into words, never leaving the code', () => {
    expect(humaniseKey('withdrawalHold')).toBe('Withdrawal hold');
    expect(humaniseKey('codeExpiresAt')).toBe('Code expires at');
    expect(humaniseKey('kyc_status')).toBe('Kyc status');
    expect(humaniseKey('ipAddress')).toBe('Ip address');
    expect(humaniseKey('lastIPSeen')).toBe('Last IP seen');
    expect(humaniseKey('client passwordReset')).toBe('Client password reset');
    expect(humaniseKey('status')).toBe('Status');
  });
});

describe('dollarsOf', () => {
  it('reads a ledger number or the server dollar text through cents', () => {
    expect(dollarsOf(1750.5)).toBe(1750.5);
    expect(dollarsOf('$400.00')).toBe(400);
    expect(dollarsOf('$1,234,567.89')).toBe(1234567.89);
    expect(dollarsOf('-$5.10')).toBe(-5.1);
  });

  it('refuses what is not money', () => {
    expect(dollarsOf('400 dollars')).toBeNull();
    expect(dollarsOf('€4.00')).toBeNull();
    expect(dollarsOf(Number.NaN)).toBeNull();
    expect(dollarsOf(true)).toBeNull();
  });
});

describe('kindOf', () => {
  it('takes the kind of a field the server writes from the contracts list', () => {
    expect(kindOf('withdrawalHold', 0)).toBe('money');
    expect(kindOf('amount', '$400.00')).toBe('money');
    expect(kindOf('codeExpiresAt', '2026-11-24T18:29:18.000Z')).toBe('dateTime');
    expect(kindOf('isVerified', true)).toBe('boolean');
    expect(kindOf('country', 'FR')).toBe('country');
    expect(kindOf('status', 'approved')).toBe('status');
    expect(kindOf('kycStatus', 'pending')).toBe('kycStatus');
    expect(kindOf('depositMethod', { name: 'USDT' })).toBe('record');
  });

  it("guesses an unknown field's kind from its value", () => {
    expect(kindOf('reviewedUntil', '2026-11-24T18:29:18Z')).toBe('dateTime');
    expect(kindOf('archived', false)).toBe('boolean');
    expect(kindOf('tries', 3)).toBe('number');
    expect(kindOf('limits', { min: 1 })).toBe('record');
    expect(kindOf('note', 'hello')).toBe('text');
  });

  it('knows an ISO timestamp from other text', () => {
    expect(isIsoDateTime('2026-11-24T18:29:18Z')).toBe(true);
    expect(isIsoDateTime('2026-11-24T18:29:18.123+02:00')).toBe(true);
    expect(isIsoDateTime('2026-11-24')).toBe(false);
    expect(isIsoDateTime('2026-13-40T99:99:99Z')).toBe(false);
    expect(isIsoDateTime('Meeting at 2026-11-24T18:29:18Z')).toBe(false);
  });
});
