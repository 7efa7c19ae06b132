import type { TQuote } from '@meridian/contracts/market';
import type { TPosition } from '@meridian/contracts/positions';
import { IDS } from '@/test';

/** A position (`ZPosition`): an open ETH/USD buy of $25.50 at 1:5 for 4 hours, entered at 3,000.30, unless overridden. */
export function makePosition(overrides: Partial<TPosition> = {}): TPosition {
  return {
    id: IDS.record,
    asset: 'ETH/USD',
    type: 'buy',
    amount: 25.5,
    leverage: 5,
    expiration: 240,
    status: 'open',
    isLoss: false,
    loss: 0,
    profit: 0,
    entryPrice: 3000.3,
    entryPriceTime: '2026-01-02T10:00:00.000Z',
    spread: 0.2,
    commission: 0,
    stopOutPrice: 2400.24,
    takeProfit: null,
    stopLoss: null,
    expiresAt: '2026-01-02T14:00:00.000Z',
    exitPrice: null,
    exitPriceTime: null,
    closeReason: null,
    closeNote: null,
    closedAt: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    userId: IDS.client,
    ...overrides,
  };
}

/** A live quote (`ZQuote`) of `pair` at `mid`, fresh and simulated unless overridden. */
export function makeQuote(overrides: Partial<TQuote> & Pick<TQuote, 'pair' | 'mid'>): TQuote {
  return {
    bid: overrides.mid,
    ask: overrides.mid,
    changePct: 0,
    time: '2026-01-02T10:00:00.000Z',
    stale: false,
    source: 'simulated',
    ...overrides,
  };
}
