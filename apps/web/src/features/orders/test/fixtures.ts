import type { TQuote } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import { IDS } from '@/test';

/**
 * An order (`ZOrder`): a pending ETH/USD buy limit at 2,900.00 of $100 margin at 1:10, to stay open 4
 * hours once filled, good till cancelled, placed 2 January 2026 at 10:00 UTC, unless overridden.
 */
export function makeOrder(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: IDS.record,
    asset: 'ETH/USD',
    type: 'buy',
    kind: 'limit',
    price: 2900,
    amount: 100,
    commission: 0,
    leverage: 10,
    expiration: 240,
    takeProfit: null,
    stopLoss: null,
    goodUntil: null,
    status: 'pending',
    fillPrice: null,
    positionId: null,
    endedAt: null,
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
