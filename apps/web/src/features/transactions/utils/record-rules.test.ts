import { TRANSACTION_STATUSES } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import { describe, expect, it } from 'vitest';
import { makeInvestmentTerms } from '@/test/fixtures';
import {
  canDeleteRecord,
  canUpdateStatus,
  depositWaitOf,
  isSignedRecord,
  recordArea,
  statusRuleOf,
  walletAddressOf,
} from './record-rules';

const ID = '0b9f3c1e-8a57-4f0e-9d6c-2f7e6a1b4c3d';

describe('admin status rules', () => {
  it('locks a deposit once Completed; Declined can still change', () => {
    expect(canUpdateStatus({ type: 'Deposit', status: 'Pending' })).toBe(true);
    expect(canUpdateStatus({ type: 'Deposit', status: 'Declined' })).toBe(true);
    expect(canUpdateStatus({ type: 'Deposit', status: 'Completed' })).toBe(false);
  });

  it('locks a withdrawal once Completed or Declined', () => {
    expect(canUpdateStatus({ type: 'Withdrawal', status: 'Pending' })).toBe(true);
    expect(canUpdateStatus({ type: 'Withdrawal', status: 'Completed' })).toBe(false);
    expect(canUpdateStatus({ type: 'Withdrawal', status: 'Declined' })).toBe(false);
  });

  it('locks an investment once Approved or Declined, and never offers it for an adjustment', () => {
    expect(canUpdateStatus({ type: 'Investment', status: 'Pending' })).toBe(true);
    expect(canUpdateStatus({ type: 'Investment', status: 'Approved' })).toBe(false);
    expect(canUpdateStatus({ type: 'Investment', status: 'Declined' })).toBe(false);
    expect(canUpdateStatus({ type: 'Adjustment', status: 'Completed' })).toBe(false);
    expect(statusRuleOf({ type: 'Adjustment' })).toBeNull();
  });

  it('never offers it for a paid payout, which is done when it is paid', () => {
    expect(statusRuleOf({ type: 'Payout' })).toBeNull();
    expect(canUpdateStatus({ type: 'Payout', status: 'Completed' })).toBe(false);
  });

  it('offers each area its own statuses and call', () => {
    expect(statusRuleOf({ type: 'Deposit' })?.options).toEqual(['Completed', 'Pending', 'Declined']);
    expect(statusRuleOf({ type: 'Withdrawal' })?.kind).toBe('withdrawal');
    expect(statusRuleOf({ type: 'Investment' })?.options).toEqual(['Approved', 'Pending', 'Declined']);
    expect(statusRuleOf({ type: 'Investment' })?.kind).toBe('investment');
    expect(statusRuleOf({ type: 'Investment' })?.success).toBe('investments.statusUpdated');
  });
});

describe('admin delete rule', () => {
  it('deletes a deposit unless it is Completed', () => {
    expect(canDeleteRecord({ type: 'Deposit', status: 'Pending' })).toBe(true);
    expect(canDeleteRecord({ type: 'Deposit', status: 'Declined' })).toBe(true);
    expect(canDeleteRecord({ type: 'Deposit', status: 'Failed' })).toBe(true);
    expect(canDeleteRecord({ type: 'Deposit', status: 'Completed' })).toBe(false);
  });

  it('deletes a withdrawal only while Pending', () => {
    expect(canDeleteRecord({ type: 'Withdrawal', status: 'Pending' })).toBe(true);
    expect(canDeleteRecord({ type: 'Withdrawal', status: 'Completed' })).toBe(false);
    expect(canDeleteRecord({ type: 'Withdrawal', status: 'Declined' })).toBe(false);
  });

  it('keeps every adjustment, investment and payout, whatever its status', () => {
    for (const status of TRANSACTION_STATUSES) {
      expect(canDeleteRecord({ type: 'Investment', status })).toBe(false);
      expect(canDeleteRecord({ type: 'Adjustment', status })).toBe(false);
      expect(canDeleteRecord({ type: 'Payout', status })).toBe(false);
    }
  });
});

describe('record helpers', () => {
  it("deletes through the record's own area", () => {
    expect(recordArea({ type: 'Deposit' })).toBe('deposit');
    expect(recordArea({ type: 'Withdrawal' })).toBe('withdrawal');
    expect(recordArea({ type: 'Investment' })).toBe('transaction');
  });

  it('shows a sign on adjustments and payouts only', () => {
    expect(isSignedRecord({ type: 'Adjustment' })).toBe(true);
    expect(isSignedRecord({ type: 'Payout' })).toBe(true);
    expect(isSignedRecord({ type: 'Deposit' })).toBe(false);
    expect(isSignedRecord({ type: 'Investment' })).toBe(false);
  });

  it('knows a Pending investment still waits for its deposit, and for nothing else', () => {
    const terms = (status: 'Completed' | 'Pending' | 'Declined' | null) =>
      makeInvestmentTerms({
        deposit: status ? { id: ID, status } : null,
        funded: status === null || status === 'Completed',
      });
    const investment = { type: 'Investment', status: 'Pending' } as const;
    expect(depositWaitOf({ ...investment, terms: terms('Pending') })).toBe('Pending');
    expect(depositWaitOf({ ...investment, terms: terms('Declined') })).toBe('Declined');
    expect(depositWaitOf({ ...investment, terms: terms('Completed') })).toBeNull();
    expect(depositWaitOf({ ...investment, terms: terms(null) })).toBeNull();
    // From a list that does not answer terms, nothing is known (the server's refusal says it).
    expect(depositWaitOf(investment)).toBeNull();
    expect(depositWaitOf({ type: 'Investment', status: 'Declined', terms: terms('Pending') })).toBeNull();
  });

  it('shows the method address for a deposit and the client address for a withdrawal', () => {
    const method: TTransaction['depositMethod'] = { id: ID, name: 'USDT (TRC20)', value: 'TMethodAddress' };
    expect(walletAddressOf({ type: 'Deposit', depositMethod: method, address: null })).toBe('TMethodAddress');
    expect(walletAddressOf({ type: 'Withdrawal', depositMethod: null, address: 'bc1client' })).toBe('bc1client');
    expect(walletAddressOf({ type: 'Withdrawal', depositMethod: null, address: '' })).toBeNull();
  });
});
