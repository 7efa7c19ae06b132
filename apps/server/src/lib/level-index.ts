import type { TPair } from '@meridian/contracts/market';

/**
 * Price levels per pair, kept sorted so that a price finds every entry it has reached by binary
 * search: a tick costs O(log n + reached), never a scan of every entry. Each entry (an open
 * position, a price alert) has at most two levels: `fall`, reached when the price falls to it
 * (price ≤ level: a buy's stop-loss or stop-out, a sell's take-profit, an alert below a price), and
 * `rise`, reached when the price rises to it (price ≥ level). An entry with neither is not indexed.
 * What a reached level means, and whether it still holds, is for its owner to decide from its row.
 */

export interface TLevelEntry {
  id: string;
  pair: TPair;
  fall: number | null;
  rise: number | null;
}

interface TSlot {
  id: string;
  level: number;
}

/** First index whose level is ≥ `price` (`strict`: > `price`) in a list sorted by level, ascending. */
function lowerBound(slots: readonly TSlot[], price: number, strict = false): number {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const level = (slots[mid] as TSlot).level;
    if (level < price || (strict && level === price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insert(list: TSlot[], slot: TSlot): void {
  list.splice(lowerBound(list, slot.level, true), 0, slot);
}

function remove(list: TSlot[], id: string, level: number): void {
  for (let i = lowerBound(list, level); i < list.length && (list[i] as TSlot).level === level; i++) {
    if ((list[i] as TSlot).id === id) {
      list.splice(i, 1);
      return;
    }
  }
}

/** One pair's levels: those a falling price reaches and those a rising price reaches, each ascending. */
class PairBook {
  readonly falls: TSlot[] = [];
  readonly rises: TSlot[] = [];
}

export class LevelIndex {
  private readonly books = new Map<TPair, PairBook>();
  private readonly entries = new Map<string, TLevelEntry>();

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Adds an entry, or replaces its levels when it is already in. One with no level is left out (and taken out if it was in). */
  add(position: TLevelEntry): void {
    const known = this.entries.get(position.id);
    // A sync reads back many entries unchanged: leave them where they are.
    if (known && known.pair === position.pair && known.fall === position.fall && known.rise === position.rise) return;
    this.remove(position.id);
    if (position.fall === null && position.rise === null) return;
    const entry: TLevelEntry = { id: position.id, pair: position.pair, fall: position.fall, rise: position.rise };
    this.entries.set(entry.id, entry);
    let book = this.books.get(entry.pair);
    if (!book) {
      book = new PairBook();
      this.books.set(entry.pair, book);
    }
    if (entry.fall !== null) insert(book.falls, { id: entry.id, level: entry.fall });
    if (entry.rise !== null) insert(book.rises, { id: entry.id, level: entry.rise });
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const book = this.books.get(entry.pair);
    if (!book) return;
    if (entry.fall !== null) remove(book.falls, id, entry.fall);
    if (entry.rise !== null) remove(book.rises, id, entry.rise);
  }

  /** Takes out of the index, and answers, the entries of `pair` one of whose levels `price` has reached. */
  takeReached(pair: TPair, price: number): string[] {
    const book = this.books.get(pair);
    if (!book) return [];
    const reached = [
      ...book.falls.splice(lowerBound(book.falls, price)),
      ...book.rises.splice(0, lowerBound(book.rises, price, true)),
    ];
    const ids: string[] = [];
    for (const { id } of reached) {
      const entry = this.entries.get(id);
      // Both of an entry's levels reached by one price: answered once.
      if (!entry) continue;
      this.entries.delete(id);
      ids.push(id);
      // Its other level leaves too: the entry is taken whole.
      if (entry.fall !== null && entry.rise !== null) {
        if (entry.fall >= price) remove(book.rises, id, entry.rise);
        else remove(book.falls, id, entry.fall);
      }
    }
    return ids;
  }
}
