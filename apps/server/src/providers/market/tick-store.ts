import { MARKET_PAIRS, PAIR_DECIMALS, type TCandle, type TPair } from '@meridian/contracts/market';
import { roundPrice, type TTick } from './interface.ts';

const MINUTE = 60_000;

/** A minute's candle as ticks arrive: its prices, how many ticks, and when the close was set. */
export interface TCandleInProgress {
  open: number;
  high: number;
  low: number;
  close: number;
  ticks: number;
  /** Time of the tick that set `close`, so a late tick does not become the close. */
  closeTime: number;
}

/** The candle of one tick. */
export function tickCandle(price: number, time: number): TCandleInProgress {
  return { open: price, high: price, low: price, close: price, ticks: 1, closeTime: time };
}

/**
 * Folds `later` into `candle` (in place): the open stays `candle`'s, the high and low widen, the ticks
 * add up, and the close is the one whose tick is the latest.
 */
export function foldIntoCandle(candle: TCandleInProgress, later: TCandleInProgress): void {
  candle.high = Math.max(candle.high, later.high);
  candle.low = Math.min(candle.low, later.low);
  candle.ticks += later.ticks;
  if (later.closeTime >= candle.closeTime) {
    candle.close = later.close;
    candle.closeTime = later.closeTime;
  }
}

interface TCandleSlot extends TCandleInProgress {
  /** Minute number (ms / 60000) the slot holds; -1 when empty. */
  minute: number;
}

/** A fixed-size ring of the most recent ticks of one pair. */
class TickRing {
  private readonly items: (TTick | undefined)[];
  private next = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array(capacity);
  }

  push(tick: TTick) {
    this.items[this.next] = tick;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** Oldest first. */
  toArray(): TTick[] {
    const out: TTick[] = [];
    for (let i = 0; i < this.size; i++) {
      const item = this.items[(this.next - this.size + i + this.capacity) % this.capacity];
      if (item) out.push(item);
    }
    return out;
  }
}

/**
 * In memory, per pair: the last `ticksPerPair` ticks and 1-minute OHLC candles of the mid price for
 * the last `candleMinutes` minutes (a ring indexed by minute number: a slot is reused when its
 * minute has scrolled out). Memory is fixed whatever the tick rate. The stored candles (the
 * database) are the history every server shares; these serve the quotes' 24-hour change.
 */
export class TickStore {
  private readonly ticks = new Map<TPair, TickRing>();
  private readonly candleRings = new Map<TPair, TCandleSlot[]>();
  private readonly latestTick = new Map<TPair, TTick>();

  constructor(readonly options: { ticksPerPair?: number; candleMinutes?: number } = {}) {
    const ticksPerPair = options.ticksPerPair ?? 600;
    const candleMinutes = options.candleMinutes ?? 25 * 60;
    for (const pair of MARKET_PAIRS) {
      this.ticks.set(pair, new TickRing(ticksPerPair));
      this.candleRings.set(
        pair,
        Array.from({ length: candleMinutes }, () => ({
          minute: -1,
          open: 0,
          high: 0,
          low: 0,
          close: 0,
          ticks: 0,
          closeTime: 0,
        })),
      );
    }
  }

  add(tick: TTick) {
    const latest = this.latestTick.get(tick.pair);
    if (!latest || tick.time >= latest.time) this.latestTick.set(tick.pair, tick);
    this.ticks.get(tick.pair)?.push(tick);
    this.addToCandle(tick.pair, tick.time, midOf(tick));
  }

  /**
   * Puts a stored candle of `pair` into memory (after a restart, so the 24-hour change has the day
   * before it), unless memory already holds that minute or a later one in its slot.
   */
  addCandle(pair: TPair, candle: TCandle) {
    const ring = this.candleRings.get(pair);
    if (!ring) return;
    const minute = Math.floor(candle.time / 60);
    const slot = ring[minute % ring.length];
    if (!slot || slot.minute >= minute) return;
    const { open, high, low, close, ticks } = candle;
    Object.assign(slot, { minute, open, high, low, close, ticks, closeTime: minute * MINUTE });
  }

  latest(pair: TPair): TTick | undefined {
    return this.latestTick.get(pair);
  }

  /** Ticks of `pair` received at or after `sinceMs`, oldest first. */
  recentTicks(pair: TPair, sinceMs = 0): TTick[] {
    return (this.ticks.get(pair)?.toArray() ?? []).filter((t) => t.time >= sinceMs);
  }

  /** Candles whose minute starts within [fromMs, toMs], oldest first; minutes without ticks are absent. */
  candles(pair: TPair, fromMs: number, toMs: number): TCandle[] {
    const ring = this.candleRings.get(pair);
    if (!ring) return [];
    const last = Math.floor(toMs / MINUTE);
    const first = Math.max(Math.ceil(fromMs / MINUTE), last - ring.length + 1);
    const out: TCandle[] = [];
    for (let minute = first; minute <= last; minute++) {
      const slot = ring[minute % ring.length];
      if (!slot || slot.minute !== minute) continue;
      out.push({
        time: (minute * MINUTE) / 1000,
        open: slot.open,
        high: slot.high,
        low: slot.low,
        close: slot.close,
        ticks: slot.ticks,
      });
    }
    return out;
  }

  /** The open of the oldest candle at or after `sinceMs` (for the 24-hour change), if any. */
  openSince(pair: TPair, sinceMs: number, nowMs: number): number | undefined {
    const ring = this.candleRings.get(pair);
    if (!ring) return undefined;
    const last = Math.floor(nowMs / MINUTE);
    for (let minute = Math.max(Math.ceil(sinceMs / MINUTE), last - ring.length + 1); minute <= last; minute++) {
      const slot = ring[minute % ring.length];
      if (slot?.minute === minute) return slot.open;
    }
    return undefined;
  }

  private addToCandle(pair: TPair, time: number, price: number) {
    const ring = this.candleRings.get(pair);
    if (!ring) return;
    const minute = Math.floor(time / MINUTE);
    const slot = ring[minute % ring.length];
    if (!slot || slot.minute > minute) return; // older than what the ring keeps
    if (slot.minute === minute) foldIntoCandle(slot, tickCandle(price, time));
    else Object.assign(slot, { minute, ...tickCandle(price, time) });
  }
}

export function midOf(tick: Pick<TTick, 'pair' | 'bid' | 'ask'>): number {
  return roundPrice((tick.bid + tick.ask) / 2, PAIR_DECIMALS[tick.pair]);
}
