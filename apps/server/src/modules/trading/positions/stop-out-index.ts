import type { TPair } from '@meridian/contracts/market';
import type { TPositionType } from '@meridian/contracts/position-terms';

/**
 * The stop-out prices of open positions, per pair, kept sorted so that a price finds every
 * position it has crossed by binary search: a tick costs O(log n + crossed), never a scan of every
 * open position. A buy is stopped out when the price falls to its stop (price ≤ stop), a sell when
 * the price rises to it (price ≥ stop). A buy at 1:1 has no stop-out price and is not indexed.
 */

export interface TStopOutEntry {
  id: string;
  pair: TPair;
  type: TPositionType;
  stop: number;
}

interface TSlot {
  id: string;
  stop: number;
}

/** First index whose stop is ≥ `price` (`strict`: > `price`) in a list sorted by stop, ascending. */
function lowerBound(slots: readonly TSlot[], price: number, strict = false): number {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const stop = (slots[mid] as TSlot).stop;
    if (stop < price || (strict && stop === price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The buys and sells of one pair, each sorted by stop-out price, ascending. */
class PairBook {
  readonly buys: TSlot[] = [];
  readonly sells: TSlot[] = [];

  insert(type: TPositionType, slot: TSlot): void {
    const list = type === 'buy' ? this.buys : this.sells;
    list.splice(lowerBound(list, slot.stop, true), 0, slot);
  }

  delete(type: TPositionType, id: string, stop: number): void {
    const list = type === 'buy' ? this.buys : this.sells;
    for (let i = lowerBound(list, stop); i < list.length && (list[i] as TSlot).stop === stop; i++) {
      if ((list[i] as TSlot).id === id) {
        list.splice(i, 1);
        return;
      }
    }
  }

  /** Removes and answers the ids `price` has crossed: buys with stop ≥ price, sells with stop ≤ price. */
  takeCrossed(price: number): string[] {
    const buys = this.buys.splice(lowerBound(this.buys, price));
    const sells = this.sells.splice(0, lowerBound(this.sells, price, true));
    return [...buys, ...sells].map((slot) => slot.id);
  }
}

export class StopOutIndex {
  private readonly books = new Map<TPair, PairBook>();
  private readonly entries = new Map<string, TStopOutEntry>();

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Adds an open position (once; a buy at 1:1, `stop` null, is left out). */
  add(position: { id: string; pair: TPair; type: TPositionType; stop: number | null }): void {
    if (position.stop === null || this.entries.has(position.id)) return;
    const entry: TStopOutEntry = { id: position.id, pair: position.pair, type: position.type, stop: position.stop };
    this.entries.set(entry.id, entry);
    let book = this.books.get(entry.pair);
    if (!book) {
      book = new PairBook();
      this.books.set(entry.pair, book);
    }
    book.insert(entry.type, { id: entry.id, stop: entry.stop });
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.books.get(entry.pair)?.delete(entry.type, id, entry.stop);
  }

  /** Takes out of the index, and answers, the positions of `pair` that `price` has stopped out. */
  takeCrossed(pair: TPair, price: number): string[] {
    const book = this.books.get(pair);
    if (!book) return [];
    const ids = book.takeCrossed(price);
    for (const id of ids) this.entries.delete(id);
    return ids;
  }
}
