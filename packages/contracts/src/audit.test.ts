import { expect, it } from 'vitest';
import { AUDIT_FIELD_NAMES, isAuditField, ZAuditState } from './audit.ts';

it('accepts the states admin actions write, nested records included', () => {
  const states = [
    { status: 'pending', kind: 'unlock' },
    { status: 'approved', kind: 'password', codeExpiresAt: '2026-11-24T18:29:18.000Z' },
    { balance: 1500, tradingBalance: 0, profitBalance: 20.5, bonus: 0, withdrawalHold: 250 },
    { status: 'Pending', amount: '$1,400.00' },
    { country: 'FR', phone: '+33 1 23 45 67 89' },
    { country: '' },
    { alert: 'maintenance', maintenanceAlert: true, maintenanceAlertMessage: null },
    { type: 'Client', isActive: true, isVerified: false },
    {
      id: '44444444-4444-4444-8444-444444444444',
      type: 'Deposit',
      direction: 'in',
      depositMethod: { id: null, name: 'USDT (TRC20)', value: 'TX1' },
      adjustmentKind: null,
    },
  ];
  for (const state of states) expect(ZAuditState.safeParse(state).error, JSON.stringify(state)).toBeUndefined();
});

it('refuses a field nobody listed and a value not of its kind', () => {
  expect(ZAuditState.safeParse({ secretFlag: true }).success).toBe(false);
  expect(ZAuditState.safeParse({ depositMethod: { walletNetwork: 'TRON' } }).success).toBe(false);
  expect(ZAuditState.safeParse({ codeExpiresAt: 'tomorrow' }).success).toBe(false);
  expect(ZAuditState.safeParse({ amount: '400 USD' }).success).toBe(false);
  expect(ZAuditState.safeParse({ status: 'Lost' }).success).toBe(false);
  expect(ZAuditState.safeParse({ isActive: 'yes' }).success).toBe(false);
});

it('knows its fields by name only (no inherited object keys)', () => {
  expect(AUDIT_FIELD_NAMES).toContain('withdrawalHold');
  expect(isAuditField('withdrawalHold')).toBe(true);
  expect(isAuditField('toString')).toBe(false);
  expect(isAuditField('constructor')).toBe(false);
});
