import { realisedPnl, unrealisedPnl } from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { describe, expect, it } from 'vitest';
import { formatLeverage, formatPrice } from '@/lib/format';
import { positionRowAction } from './position-row';

const position: Pick<TPosition, 'asset' | 'type' | 'entryPrice' | 'amount' | 'leverage'> = {
  asset: 'BTC/USD',
  type: 'buy',
  entryPrice: 60_000,
  amount: 100,
  leverage: 10,
};

describe('positionRowAction', () => {
  it('offers Close at market on an open position', () => {
    expect(positionRowAction({ status: 'open', isLoss: false })).toBe('close');
  });
  it('reads Already Loss on a position closed with a loss, Closed on any other', () => {
    expect(positionRowAction({ status: 'closed', isLoss: true })).toBe('alreadyLoss');
    expect(positionRowAction({ status: 'closed', isLoss: false })).toBe('closed');
  });
});

describe('unrealisedPnl', () => {
  it('a buy at 1:10 gains 10 × the price move on its margin', () => {
    // +1% on $100 at 1:10 = +$10.00
    expect(unrealisedPnl(position, { bid: 60_600, ask: 60_600, stale: false })).toBe(10);
  });
  it('a sell gains when the price falls', () => {
    expect(unrealisedPnl({ ...position, type: 'sell' }, { bid: 59_400, ask: 59_400, stale: false })).toBe(10);
  });
  it('never loses more than the margin', () => {
    expect(unrealisedPnl(position, { bid: 30_000, ask: 30_000, stale: false })).toBe(-100);
  });
  it('has no figure without a price, or with a stale one', () => {
    expect(unrealisedPnl(position, undefined)).toBeNull();
    expect(unrealisedPnl(position, { bid: 60_600, ask: 60_600, stale: true })).toBeNull();
  });
});

describe('realisedPnl', () => {
  it('is the profit, or minus the loss', () => {
    expect(realisedPnl({ isLoss: false, profit: 12.5, loss: 0 })).toBe(12.5);
    expect(realisedPnl({ isLoss: true, profit: 0, loss: 40 })).toBe(-40);
  });
});

describe('formatting', () => {
  it('writes prices with the pair’s decimals and leverage as 1:n', () => {
    expect(formatPrice('EUR/USD', 1.1, 'en')).toBe('1.10000');
    expect(formatPrice('BTC/USD', 60_123.4, 'en')).toBe('60,123.40');
    expect(formatLeverage(5)).toBe('1:5');
  });
});
