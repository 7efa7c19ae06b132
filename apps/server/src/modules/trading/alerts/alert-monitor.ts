import { alertRearmPrice } from '@meridian/contracts/alerts';
import type { TPair, TQuote } from '@meridian/contracts/market';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { LevelIndex, type TLevelEntry } from '../../../lib/level-index.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import { tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { activeAlerts, lockAlert, markFired, markRearmed, type TAlertRow } from './alerts.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells clients when a price reaches their alert, on the tick that reaches it (modules/trading/alerts). */
    alerts: AlertMonitor;
  }
}

/** The level an alert waits for now: its own while armed, the re-arm price after a repeating one fired. */
function entryOf(row: TAlertRow): TLevelEntry {
  const none = { id: row.id, pair: row.pair as TPair, fall: null, rise: null };
  if (row.status !== 'active') return none;
  if (row.armed) return row.direction === 'above' ? { ...none, rise: row.price } : { ...none, fall: row.price };
  if (!row.repeat) return none;
  const rearm = alertRearmPrice(row.direction, row.price);
  return row.direction === 'above' ? { ...none, fall: rearm } : { ...none, rise: rearm };
}

const reaches = (row: TAlertRow, price: number) =>
  row.direction === 'above' ? price >= row.price : price <= row.price;
const rearms = (row: TAlertRow, price: number) => {
  const rearm = alertRearmPrice(row.direction, row.price);
  return row.direction === 'above' ? price <= rearm : price >= rearm;
};

interface TReached {
  id: string;
  price: number;
  time: number;
}

/**
 * Watches every fresh quote for the alerts it reaches. The index (lib/level-index.ts) holds each
 * active alert's level (or, for a repeating one that has fired, the price that re-arms it), is built
 * from the database at start, follows this server's creations and deletions, and is rebuilt by the
 * alerts job (every JOBS_INTERVAL_MS), so alerts set on another server are watched too. A reached
 * alert leaves the index and is decided in a DB transaction that holds its row: it fires only while
 * the row is active and armed and the price reaches its level, so several servers receiving one tick
 * tell the client once, and a server whose index is behind does nothing wrong. The notice and its
 * email are written in that transaction.
 */
export class AlertMonitor {
  private index = new LevelIndex();
  private readonly waiting: TReached[] = [];
  private draining: Promise<void> | null = null;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly market: MarketData,
    private readonly log: FastifyBaseLogger,
    private readonly mail: Mailer,
  ) {}

  async start(): Promise<void> {
    if (this.unsubscribe || this.stopped) return;
    this.unsubscribe = this.market.subscribe((event) => this.onQuotes(event.quotes));
    await this.resync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.settled();
  }

  /** Resolves when no reached alert is waiting to be decided. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** An alert this server has just created, or decided on. */
  track(row: TAlertRow): void {
    this.index.add(entryOf(row));
  }

  forget(id: string): void {
    this.index.remove(id);
  }

  /** Rebuilds the index from the active alerts in the database, then checks the current prices. */
  async resync(): Promise<number> {
    const rows = await activeAlerts(this.db);
    const index = new LevelIndex();
    for (const row of rows) index.add(entryOf(row));
    for (const reached of this.waiting) index.remove(reached.id);
    this.index = index;
    if (!this.stopped) this.onQuotes(this.market.quotes());
    return rows.length;
  }

  private onQuotes(quotes: readonly TQuote[]): void {
    for (const quote of quotes) {
      if (quote.stale) continue;
      const time = Date.parse(quote.time);
      for (const id of this.index.takeReached(quote.pair, quote.mid)) this.waiting.push({ id, price: quote.mid, time });
    }
    this.drain();
  }

  private drain(): void {
    if (this.draining || this.stopped || this.waiting.length === 0) return;
    this.draining = (async () => {
      while (this.waiting.length > 0 && !this.stopped) {
        const reached = this.waiting.shift() as TReached;
        try {
          const row = await this.decide(reached);
          if (row) this.track(row);
        } catch (err) {
          // Its row is unchanged: the next sync puts it back in the index.
          this.log.error({ err, alert: reached.id }, 'price alert failed');
        }
      }
    })().finally(() => {
      this.draining = null;
      this.drain();
    });
  }

  /** Fires, re-arms or leaves the alert as its row says, in one DB transaction; answers the row after. */
  private decide(reached: TReached): Promise<TAlertRow | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await lockAlert(tx, reached.id);
      if (row?.status !== 'active') return row;
      if (row.armed && reaches(row, reached.price)) {
        const fired = await markFired(tx, row, reached.price, new Date(reached.time));
        await tellClients(tx, this.mail, [
          {
            key: row.direction === 'above' ? 'priceAlertAbove' : 'priceAlertBelow',
            params: { pair: row.pair, price: reached.price, level: row.price },
            link: NOTICE_LINKS.alerts,
            receiverId: row.userId,
          },
        ]);
        return fired;
      }
      if (!row.armed && row.repeat && rearms(row, reached.price)) return markRearmed(tx, row.id);
      return row;
    });
  }
}
