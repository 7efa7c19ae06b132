import { exitLevels, exitReached, type TPositionType, type TProtection } from '@meridian/contracts/position-terms';
import { describe, expect, it } from 'vitest';
import { LevelIndex } from './level-index.ts';

/** The index answers exactly the positions a full scan with `exitReached` would, and forgets them (positions: its first owner). */

/** A small seeded generator (the same positions and prices every run). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type TLevels = { type: TPositionType; stopOutPrice: number | null } & TProtection;

const entry = (id: string, levels: TLevels) => ({ id, pair: 'BTC/USD' as const, ...exitLevels(levels) });

describe('level index', () => {
  it('finds a buy at or below its stop-out and a sell at or above it', () => {
    const index = new LevelIndex();
    index.add(entry('b1', { type: 'buy', stopOutPrice: 45_000, takeProfit: null, stopLoss: null }));
    index.add(entry('s1', { type: 'sell', stopOutPrice: 55_000, takeProfit: null, stopLoss: null }));
    index.add(entry('none', { type: 'buy', stopOutPrice: null, takeProfit: null, stopLoss: null }));
    expect(index.size).toBe(2);
    expect(index.takeReached('BTC/USD', 45_000.01)).toEqual([]);
    expect(index.takeReached('ETH/USD', 1)).toEqual([]);
    expect(index.takeReached('BTC/USD', 45_000)).toEqual(['b1']);
    expect(index.takeReached('BTC/USD', 45_000)).toEqual([]);
    expect(index.takeReached('BTC/USD', 54_999.99)).toEqual([]);
    expect(index.takeReached('BTC/USD', 55_000)).toEqual(['s1']);
    expect(index.size).toBe(0);
  });

  it('finds a buy at its take-profit above and its stop-loss below, and answers it once', () => {
    const index = new LevelIndex();
    index.add(entry('tp', { type: 'buy', stopOutPrice: 45_000, takeProfit: 52_000, stopLoss: 48_000 }));
    index.add(entry('sl', { type: 'buy', stopOutPrice: 45_000, takeProfit: 52_000, stopLoss: 48_000 }));
    index.add(entry('sell', { type: 'sell', stopOutPrice: 55_000, takeProfit: 47_000, stopLoss: 51_000 }));
    expect(index.takeReached('BTC/USD', 51_999)).toEqual(['sell']);
    expect(index.takeReached('BTC/USD', 52_000).sort()).toEqual(['sl', 'tp']);
    // Their stop-losses left with them.
    expect(index.takeReached('BTC/USD', 40_000)).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('replaces the levels of a position added again, and removes one by id among equal levels', () => {
    const index = new LevelIndex();
    for (const id of ['a', 'b', 'c']) index.add({ id, pair: 'EUR/USD', fall: null, rise: 1.2 });
    index.add({ id: 'a', pair: 'EUR/USD', fall: null, rise: 1.3 });
    index.remove('b');
    index.remove('unknown');
    expect(index.size).toBe(2);
    expect(index.takeReached('EUR/USD', 1.25)).toEqual(['c']);
    // Its levels removed: out of the index.
    index.add({ id: 'a', pair: 'EUR/USD', fall: null, rise: null });
    expect(index.size).toBe(0);
    expect(index.takeReached('EUR/USD', 2)).toEqual([]);
  });

  it('agrees with a full scan over thousands of positions, levels and prices', () => {
    const random = seeded(7);
    const index = new LevelIndex();
    const open = new Map<string, TLevels>();
    const maybe = (value: number) => (random() < 0.5 ? Math.round(value * 10) / 10 : null);
    for (let i = 0; i < 5_000; i++) {
      const type: TPositionType = random() < 0.5 ? 'buy' : 'sell';
      // Levels on a coarse grid around 100, so many positions share one.
      const levels: TLevels =
        type === 'buy'
          ? {
              type,
              stopOutPrice: maybe(70 + random() * 10),
              stopLoss: maybe(80 + random() * 18),
              takeProfit: maybe(102 + random() * 20),
            }
          : {
              type,
              stopOutPrice: maybe(120 + random() * 10),
              stopLoss: maybe(102 + random() * 18),
              takeProfit: maybe(80 + random() * 18),
            };
      index.add({ ...entry(`p${i}`, levels), pair: 'SOL/USD' });
      open.set(`p${i}`, levels);
      if (random() < 0.1) {
        const gone = `p${Math.floor(random() * i)}`;
        index.remove(gone);
        open.delete(gone);
      }
    }
    let price = 100;
    let reached = 0;
    for (let step = 0; step < 600; step++) {
      price = Math.round((price + (random() - 0.5) * 4) * 100) / 100;
      const expected = [...open].filter(([, p]) => exitReached(p, price) !== null).map(([id]) => id);
      const taken = index.takeReached('SOL/USD', price);
      expect(taken.sort()).toEqual(expected.sort());
      for (const id of taken) open.delete(id);
      reached += taken.length;
      expect(index.size).toBe(
        [...open.values()].filter((p) => exitLevels(p).fall !== null || exitLevels(p).rise !== null).length,
      );
    }
    expect(reached).toBeGreaterThan(1_000);
  });
});
