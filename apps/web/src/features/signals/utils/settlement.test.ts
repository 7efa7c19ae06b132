import { describe, expect, it } from 'vitest';
import { canSettle, undecidedReason } from './settlement';

describe('canSettle', () => {
  it('offers Settle on an active signal and on a completed one without a result', () => {
    expect(canSettle({ status: 'active', result: null })).toBe(true);
    expect(canSettle({ status: 'completed', result: null })).toBe(true);
  });
  it('offers nothing before it opens, nor once settled', () => {
    expect(canSettle({ status: 'pending', result: null })).toBe(false);
    expect(canSettle({ status: 'completed', result: 'gain' })).toBe(false);
    expect(canSettle({ status: 'completed', result: 'loss' })).toBe(false);
  });
});

describe('undecidedReason', () => {
  const signal = { closingTime: '2025-03-01T14:00:00.000Z' };
  const before = Date.parse('2025-03-01T13:00:00Z');
  const after = Date.parse('2025-03-01T14:05:00Z');

  it('is none when the prices decide', () => {
    expect(undecidedReason(signal, { result: 'gain', touchedAt: '2025-03-01T12:30:00.000Z' }, before)).toBeNull();
    expect(undecidedReason(signal, { result: 'loss', touchedAt: null }, after)).toBeNull();
  });
  it('is the signal still being open with its target untouched', () => {
    expect(undecidedReason(signal, { result: null, touchedAt: null }, before)).toBe('open');
  });
  it('is the price record falling short of the closing time otherwise', () => {
    expect(undecidedReason(signal, { result: null, touchedAt: null }, after)).toBe('incomplete');
  });
});
