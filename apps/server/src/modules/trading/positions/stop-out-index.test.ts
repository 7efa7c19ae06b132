import { isStoppedOut, type TPositionType } from '@meridian/contracts/position-terms';
import { describe, expect, it } from 'vitest';
import { StopOutIndex } from './stop-out-index.ts';

/** The index answers exactly the positions a full scan with `isStoppedOut` would, and forgets them. */

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

describe('stop-out index', () => {
  it('finds a buy at or below its stop and a sell at or above it', () => {
    const index = new StopOutIndex();
    index.add({ id: 'b1', pair: 'BTC/USD', type: 'buy', stop: 45_000 });
    index.add({ id: 's1', pair: 'BTC/USD', type: 'sell', stop: 55_000 });
    index.add({ id: 'none', pair: 'BTC/USD', type: 'buy', stop: null });
    expect(index.size).toBe(2);
    expect(index.takeCrossed('BTC/USD', 45_000.01)).toEqual([]);
    expect(index.takeCrossed('ETH/USD', 1)).toEqual([]);
    expect(index.takeCrossed('BTC/USD', 45_000)).toEqual(['b1']);
    expect(index.takeCrossed('BTC/USD', 45_000)).toEqual([]);
    expect(index.takeCrossed('BTC/USD', 54_999.99)).toEqual([]);
    expect(index.takeCrossed('BTC/USD', 55_000)).toEqual(['s1']);
    expect(index.size).toBe(0);
  });

  it('removes a position by id among equal stops, and adds each id once', () => {
    const index = new StopOutIndex();
    for (const id of ['a', 'b', 'c']) index.add({ id, pair: 'EUR/USD', type: 'sell', stop: 1.2 });
    index.add({ id: 'a', pair: 'EUR/USD', type: 'sell', stop: 1.3 });
    index.remove('b');
    index.remove('unknown');
    expect(index.size).toBe(2);
    expect(index.takeCrossed('EUR/USD', 1.25).sort()).toEqual(['a', 'c']);
  });

  it('agrees with a full scan over thousands of positions and prices', () => {
    const random = seeded(7);
    const index = new StopOutIndex();
    const open = new Map<string, { type: TPositionType; stop: number }>();
    for (let i = 0; i < 5_000; i++) {
      const type: TPositionType = random() < 0.5 ? 'buy' : 'sell';
      // Stops on a coarse grid, so many positions share one.
      const stop = Math.round((type === 'buy' ? 80 + random() * 20 : 100 + random() * 20) * 10) / 10;
      index.add({ id: `p${i}`, pair: 'SOL/USD', type, stop });
      open.set(`p${i}`, { type, stop });
      if (random() < 0.1) {
        const gone = `p${Math.floor(random() * i)}`;
        index.remove(gone);
        open.delete(gone);
      }
    }
    let price = 100;
    for (let step = 0; step < 300; step++) {
      price = Math.round((price + (random() - 0.5) * 4) * 100) / 100;
      const expected = [...open].filter(([, p]) => isStoppedOut(p.type, p.stop, price)).map(([id]) => id);
      const crossed = index.takeCrossed('SOL/USD', price);
      expect(crossed.sort()).toEqual(expected.sort());
      for (const id of crossed) open.delete(id);
      expect(index.size).toBe(open.size);
    }
  });
});
