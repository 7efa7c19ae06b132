import { describe, expect, it } from 'vitest';
import type { TPair } from './pairs.ts';
import {
  isStoppedOut,
  positionExposure,
  positionPnlCents,
  priceDistance,
  stopOutPrice,
  type TPositionType,
} from './position-terms.ts';

/**
 * Named P&L scenarios, to the cent: side × (exit − entry) / entry × margin × leverage, rounded half
 * away from zero, never below −margin. Every expected figure is worked out by hand in the comment
 * beside it, not by the code under test.
 */

interface TScenario {
  name: string;
  pair: TPair;
  type: TPositionType;
  entry: number;
  exit: number;
  /** Cents. */
  margin: bigint;
  leverage: number;
  /** Cents. */
  pnl: bigint;
}

const pnlOf = (s: TScenario) =>
  positionPnlCents({
    pair: s.pair,
    type: s.type,
    entryPrice: s.entry,
    exitPrice: s.exit,
    marginCents: s.margin,
    leverage: s.leverage,
  });

// BTC/USD 50,000.00 → 51,000.00 is +2 %; a $100.00 margin moves 2 % × leverage of $100.00.
const btcUp = { pair: 'BTC/USD', entry: 50_000, exit: 51_000, margin: 10_000n } as const;
// BTC/USD 50,000.00 → 49,000.00 is −2 %.
const btcDown = { pair: 'BTC/USD', entry: 50_000, exit: 49_000, margin: 10_000n } as const;
// EUR/USD 1.08500 → 1.09585 is +1 % (1085 of 108500 units); a $250.00 margin moves $2.50 × leverage.
const eurUp = { pair: 'EUR/USD', entry: 1.085, exit: 1.09585, margin: 25_000n } as const;
// USD/JPY 150.000 → 146.250 is −2.5 % (−3750 of 150000 units); a $40.00 margin moves $1.00 × leverage.
const jpyDown = { pair: 'USD/JPY', entry: 150, exit: 146.25, margin: 4_000n } as const;

const SCENARIOS: TScenario[] = [
  // buy, gain
  { name: 'buy gain 1:1 BTC +2 %', ...btcUp, type: 'buy', leverage: 1, pnl: 200n },
  { name: 'buy gain 1:2 BTC +2 %', ...btcUp, type: 'buy', leverage: 2, pnl: 400n },
  { name: 'buy gain 1:5 BTC +2 %', ...btcUp, type: 'buy', leverage: 5, pnl: 1_000n },
  { name: 'buy gain 1:10 BTC +2 %', ...btcUp, type: 'buy', leverage: 10, pnl: 2_000n },
  { name: 'buy gain 1:1 EUR +1 %', ...eurUp, type: 'buy', leverage: 1, pnl: 250n },
  { name: 'buy gain 1:10 EUR +1 %', ...eurUp, type: 'buy', leverage: 10, pnl: 2_500n },
  // buy, loss
  { name: 'buy loss 1:1 BTC −2 %', ...btcDown, type: 'buy', leverage: 1, pnl: -200n },
  { name: 'buy loss 1:2 BTC −2 %', ...btcDown, type: 'buy', leverage: 2, pnl: -400n },
  { name: 'buy loss 1:5 BTC −2 %', ...btcDown, type: 'buy', leverage: 5, pnl: -1_000n },
  { name: 'buy loss 1:10 BTC −2 %', ...btcDown, type: 'buy', leverage: 10, pnl: -2_000n },
  { name: 'buy loss 1:2 JPY −2.5 %', ...jpyDown, type: 'buy', leverage: 2, pnl: -200n },
  { name: 'buy loss 1:10 JPY −2.5 %', ...jpyDown, type: 'buy', leverage: 10, pnl: -1_000n },
  // sell, gain (the price fell)
  { name: 'sell gain 1:1 BTC −2 %', ...btcDown, type: 'sell', leverage: 1, pnl: 200n },
  { name: 'sell gain 1:2 BTC −2 %', ...btcDown, type: 'sell', leverage: 2, pnl: 400n },
  { name: 'sell gain 1:5 BTC −2 %', ...btcDown, type: 'sell', leverage: 5, pnl: 1_000n },
  { name: 'sell gain 1:10 BTC −2 %', ...btcDown, type: 'sell', leverage: 10, pnl: 2_000n },
  { name: 'sell gain 1:5 JPY −2.5 %', ...jpyDown, type: 'sell', leverage: 5, pnl: 500n },
  // sell, loss (the price rose)
  { name: 'sell loss 1:1 BTC +2 %', ...btcUp, type: 'sell', leverage: 1, pnl: -200n },
  { name: 'sell loss 1:2 BTC +2 %', ...btcUp, type: 'sell', leverage: 2, pnl: -400n },
  { name: 'sell loss 1:5 BTC +2 %', ...btcUp, type: 'sell', leverage: 5, pnl: -1_000n },
  { name: 'sell loss 1:10 BTC +2 %', ...btcUp, type: 'sell', leverage: 10, pnl: -2_000n },
  { name: 'sell loss 1:5 EUR +1 %', ...eurUp, type: 'sell', leverage: 5, pnl: -1_250n },
  // no move
  { name: 'buy 1:10 unchanged price', ...btcUp, exit: 50_000, type: 'buy', leverage: 10, pnl: 0n },
  { name: 'sell 1:10 unchanged price', ...btcUp, exit: 50_000, type: 'sell', leverage: 10, pnl: 0n },
  // stop-out cap: the loss never exceeds the margin
  // 1:10 buy, BTC −12 %: −120 % of $100.00 = −$120.00, capped at −$100.00.
  {
    name: 'buy 1:10 past its stop-out is capped at −margin',
    ...btcDown,
    exit: 44_000,
    type: 'buy',
    leverage: 10,
    pnl: -10_000n,
  },
  // 1:5 sell, BTC +25 %: −125 %, capped.
  {
    name: 'sell 1:5 past its stop-out is capped at −margin',
    ...btcUp,
    exit: 62_500,
    type: 'sell',
    leverage: 5,
    pnl: -10_000n,
  },
  // 1:1 sell, BTC doubles: −100 % exactly, the whole margin.
  {
    name: 'sell 1:1 when the price doubles loses exactly the margin',
    ...btcUp,
    exit: 100_000,
    type: 'sell',
    leverage: 1,
    pnl: -10_000n,
  },
  // 1:1 buy, BTC to 0.01: −99.99998 % of $100.00 = −$99.99998 → −$100.00 after rounding, at the cap.
  {
    name: 'buy 1:1 to the lowest price loses the margin',
    ...btcDown,
    exit: 0.01,
    type: 'buy',
    leverage: 1,
    pnl: -10_000n,
  },
  // 1:10 buy, BTC −9 %: −90 %, below the cap: −$90.00.
  { name: 'buy 1:10 just short of its stop-out', ...btcDown, exit: 45_500, type: 'buy', leverage: 10, pnl: -9_000n },
  // amounts that round (ETH 2,000.00 → 2,001.00 is +0.05 %: P&L = margin × leverage / 2000 cents)
  // $15.00 × 2 / 2000 = 1.5¢ → 2¢ (half away from zero)
  {
    name: 'half a cent of gain rounds up',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 2_001,
    margin: 1_500n,
    type: 'buy',
    leverage: 2,
    pnl: 2n,
  },
  // sell: −1.5¢ → −2¢ (away from zero, not towards it)
  {
    name: 'half a cent of loss rounds away from zero',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 2_001,
    margin: 1_500n,
    type: 'sell',
    leverage: 2,
    pnl: -2n,
  },
  // $50.00 × 1 / 2000 = 2.5¢ → 3¢
  {
    name: '2.5 cents rounds to 3',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 2_001,
    margin: 5_000n,
    type: 'buy',
    leverage: 1,
    pnl: 3n,
  },
  // $29.99 × 1 / 2000 = 1.4995¢ → 1¢
  {
    name: 'just under half a cent rounds down',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 2_001,
    margin: 2_999n,
    type: 'buy',
    leverage: 1,
    pnl: 1n,
  },
  // buy falls 2,000.00 → 1,999.00: $29.99 → −1.4995¢ → −1¢
  {
    name: 'just under half a cent of loss rounds towards zero',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 1_999,
    margin: 2_999n,
    type: 'buy',
    leverage: 1,
    pnl: -1n,
  },
  // $0.01 × 10 / 2000 = 0.005¢ → 0¢
  {
    name: 'a one-cent margin on a tiny move makes nothing',
    pair: 'ETH/USD',
    entry: 2_000,
    exit: 2_001,
    margin: 1n,
    type: 'buy',
    leverage: 10,
    pnl: 0n,
  },
  // $33.33 at 1:5 on XRP 0.6123 → 0.6200: +77 of 6123 units × 16,665¢ = 209.58…¢ → 210¢
  {
    name: 'an odd margin on XRP rounds to the cent',
    pair: 'XRP/USD',
    entry: 0.6123,
    exit: 0.62,
    margin: 3_333n,
    type: 'buy',
    leverage: 5,
    pnl: 210n,
  },
  // $1,234.56 at 1:2 sell on GBP 1.27000 → 1.26873: +127 of 127000 units = 0.1 % × 246,912¢ = 246.912¢ → 247¢
  {
    name: 'a large odd margin on GBP rounds to the cent',
    pair: 'GBP/USD',
    entry: 1.27,
    exit: 1.26873,
    margin: 123_456n,
    type: 'sell',
    leverage: 2,
    pnl: 247n,
  },
];

describe('position P&L', () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    expect(pnlOf(scenario)).toBe(scenario.pnl);
  });

  it('covers buy and sell, gain and loss, at every leverage', () => {
    for (const type of ['buy', 'sell'] as const) {
      for (const leverage of [1, 2, 5, 10]) {
        const of = SCENARIOS.filter((s) => s.type === type && s.leverage === leverage);
        expect(of.some((s) => s.pnl > 0n)).toBe(true);
        expect(of.some((s) => s.pnl < 0n)).toBe(true);
      }
    }
  });

  it('refuses an entry price of zero', () => {
    expect(() => pnlOf({ ...SCENARIOS[0], entry: 0 } as TScenario)).toThrow();
  });
});

describe('stop-out price', () => {
  it.each([
    // BTC 50,000.00: a buy stops out 1/leverage below, a sell 1/leverage above.
    ['BTC/USD', 'buy', 50_000, 2, 25_000],
    ['BTC/USD', 'buy', 50_000, 5, 40_000],
    ['BTC/USD', 'buy', 50_000, 10, 45_000],
    ['BTC/USD', 'sell', 50_000, 1, 100_000],
    ['BTC/USD', 'sell', 50_000, 2, 75_000],
    ['BTC/USD', 'sell', 50_000, 5, 60_000],
    ['BTC/USD', 'sell', 50_000, 10, 55_000],
    // EUR 1.08501 at 1:10: 97650.9 units, rounded up for a buy (never past the margin) …
    ['EUR/USD', 'buy', 1.08501, 10, 0.97651],
    // … and 119351.1 units rounded down for a sell.
    ['EUR/USD', 'sell', 1.08501, 10, 1.19351],
    // USD/JPY 151.503 at 1:5: 121202.4 → 121.203 for a buy; 181803.6 → 181.803 for a sell.
    ['USD/JPY', 'buy', 151.503, 5, 121.203],
    ['USD/JPY', 'sell', 151.503, 5, 181.803],
  ] as const)('%s %s at %d, 1:%d → %d', (pair, type, entry, leverage, expected) => {
    expect(stopOutPrice(pair, type, entry, leverage)).toBe(expected);
  });

  it('gives a 1:1 buy none: it would need a price of 0', () => {
    expect(stopOutPrice('BTC/USD', 'buy', 50_000, 1)).toBeNull();
    expect(isStoppedOut('buy', null, 0.01)).toBe(false);
  });

  it('is where the loss reaches the whole margin', () => {
    for (const [pair, entry] of [
      ['BTC/USD', 67_251.37],
      ['EUR/USD', 1.08501],
      ['XRP/USD', 0.6123],
    ] as const) {
      for (const type of ['buy', 'sell'] as const) {
        for (const leverage of [2, 5, 10]) {
          const stop = stopOutPrice(pair, type, entry, leverage) as number;
          const pnl = positionPnlCents({
            pair,
            type,
            entryPrice: entry,
            exitPrice: stop,
            marginCents: 100_000n,
            leverage,
          });
          // At the stop the loss is the margin, within the rounding of the price to its decimals (a unit of XRP is 0.016 % of its price).
          expect(Number(pnl)).toBeLessThanOrEqual(-99_800);
          expect(pnl).toBeGreaterThanOrEqual(-100_000n);
        }
      }
    }
  });

  it('is reached by a buy falling to it and a sell rising to it', () => {
    expect(isStoppedOut('buy', 45_000, 45_000)).toBe(true);
    expect(isStoppedOut('buy', 45_000, 44_999.99)).toBe(true);
    expect(isStoppedOut('buy', 45_000, 45_000.01)).toBe(false);
    expect(isStoppedOut('sell', 55_000, 55_000)).toBe(true);
    expect(isStoppedOut('sell', 55_000, 55_000.01)).toBe(true);
    expect(isStoppedOut('sell', 55_000, 54_999.99)).toBe(false);
  });
});

describe('what a review shows before a position opens', () => {
  it('gives the exposure as the margin times the leverage, to the cent', () => {
    expect(positionExposure('100', 10)).toBe(1_000);
    expect(positionExposure(25.5, 5)).toBe(127.5);
    // $0.07 × 10 = $0.70, where 0.07 * 10 in floats is 0.7000000000000001.
    expect(positionExposure('0.07', 10)).toBe(0.7);
    expect(positionExposure('1.005', 2)).toBeNull();
  });

  it('gives the stop-out’s distance from the price in the pair’s price and in percent', () => {
    // A BTC/USD buy at 1:10 from 50,000.00 stops out at 45,000.00: 5,000.00 away, 10 %.
    expect(priceDistance('BTC/USD', 50_000, 45_000)).toEqual({ price: 5_000, percent: 10 });
    // A EUR/USD sell at 1:5 from 1.08501 stops out at floor(1.302012) = 1.30201: 0.21700 away,
    // 21700 / 108501 = 19.99981 … % → 19.9998 %.
    const sell = stopOutPrice('EUR/USD', 'sell', 1.08501, 5);
    expect(sell).toBe(1.30201);
    expect(priceDistance('EUR/USD', 1.08501, sell ?? 0)).toEqual({ price: 0.217, percent: 19.9998 });
    // USD/JPY 150.000 to 149.999: 1 unit of 150000, 0.000666… % → 0.0007 %.
    expect(priceDistance('USD/JPY', 150, 149.999)).toEqual({ price: 0.001, percent: 0.0007 });
    expect(priceDistance('BTC/USD', 0, 1)).toBeNull();
  });
});
