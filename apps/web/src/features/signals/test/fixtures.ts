import type { TSignal } from '@meridian/contracts/signals';

/**
 * A signal (`ZSignal`): a pending ETH/USD call from 3,000.00 to 3,150.00 returning 12.5%, minimum
 * entry $100.00, opening in an hour and closing 4 hours later (from `now`), unless overridden.
 */
export function makeSignal(overrides: Partial<TSignal> = {}, now = Date.now()): TSignal {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    title: 'ETH breakout',
    description: 'Momentum above the range high.',
    asset: 'ETH/USD',
    entryPrice: 3000,
    targetPrice: 3150,
    percentageReturn: 12.5,
    minEntryAmount: 100,
    scheduleTime: new Date(now + 3_600_000).toISOString(),
    closingTime: new Date(now + 5 * 3_600_000).toISOString(),
    status: 'pending',
    result: null,
    evidence: null,
    settledAt: null,
    participants: 0,
    totalEntries: 0,
    joined: false,
    createdAt: new Date(now - 3_600_000).toISOString(),
    ...overrides,
  };
}
