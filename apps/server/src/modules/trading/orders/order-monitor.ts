import { randomUUID } from 'node:crypto';
import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { orderReached, orderWaitsFor } from '@meridian/contracts/order-terms';
import { openingSide } from '@meridian/contracts/position-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { withDeadlockRetry } from '../../../db/deadlock-retry.ts';
import { lockBalances, postBatch } from '../../../ledger/ledger.ts';
import type { TLevelEntry } from '../../../lib/level-index.ts';
import { LevelMonitor, type TReached } from '../../../lib/level-monitor.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import { type TClientNotice, tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { commissionPostings, type ExitMonitor, insertOpenPositions, type TPositionTerms } from '../positions/index.ts';
import {
  claimPendingOrders,
  markOrdersFilled,
  pendingOrderLevels,
  type TOrderFill,
  type TOrderLevelRow,
  type TOrderRow,
} from './orders.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fills pending orders on the tick that reaches their level (modules/trading/orders). */
    orders: OrderMonitor;
  }
}

const entryOf = (order: TOrderLevelRow): TLevelEntry => {
  const none = { id: order.id, pair: order.pair as TPair, fall: null, rise: null };
  return orderWaitsFor(order.type, order.kind) === 'fall'
    ? { ...none, fall: order.price }
    : { ...none, rise: order.price };
};

const fillNotice = (order: TOrderRow, fill: TOrderFill): TClientNotice => ({
  key: 'orderFilled',
  params: {
    pair: order.pair,
    level: order.price,
    fillPrice: fill.fillPrice,
    amount: fromCents(order.margin),
    leverage: order.leverage,
  },
  link: NOTICE_LINKS.transaction(fill.positionId),
  receiverId: order.userId,
});

/**
 * Watches every fresh quote for pending orders whose level it reaches (lib/level-monitor.ts) and
 * fills them: in one DB transaction per batch, it claims the orders still pending (SKIP LOCKED),
 * checks each level against the row as it is then, opens each position at the price of its tick on
 * the order's side (a buy's ask, a sell's bid) with the margin the order has held since it was placed
 * (no posting), charges the commission it held with it (trading → commissions), marks the orders
 * filled and tells the clients. The new positions then join this server's exit index, and a take-profit or
 * stop-loss that tick has already passed (a gap) closes them at once. The orders job syncs it with
 * the database and expires orders whose good-until time has passed.
 */
export class OrderMonitor extends LevelMonitor<TOrderLevelRow> {
  constructor(db: Db, market: MarketData, log: FastifyBaseLogger, mail: Mailer, exits: ExitMonitor) {
    super(
      {
        what: 'order fill',
        read: (since) => pendingOrderLevels(db, since),
        entryOf,
        // An order fills where its position opens: a buy at the ask, a sell at the bid.
        sideOf: (order) => openingSide(order.type),
        settle: async (batch: readonly TReached[]) => {
          const reached = new Map(batch.map((r) => [r.id, r]));
          const result = await withDeadlockRetry(() =>
            db.transaction(async (tx) => {
              const claimed = await claimPendingOrders(tx, [...reached.keys()]);
              const locked = await lockBalances(
                tx,
                claimed.map((o) => o.userId),
              );
              // Only what the trading account holds is charged (an admin's Clear Balance may have emptied it).
              const trading = new Map([...locked].map(([userId, b]) => [userId, b.trading]));
              const unreached: TOrderLevelRow[] = [];
              const filled: { order: TOrderRow; fill: TOrderFill; terms: TPositionTerms }[] = [];
              for (const order of claimed) {
                const tick = reached.get(order.id);
                if (!tick || !orderReached(order, tick.price)) {
                  unreached.push(order);
                  continue;
                }
                const positionId = randomUUID();
                const available = trading.get(order.userId) ?? 0n;
                const commission = order.commission <= available ? order.commission : available;
                trading.set(order.userId, available - commission);
                filled.push({
                  order,
                  fill: { id: order.id, fillPrice: tick.price, fillPriceTime: new Date(tick.time), positionId },
                  terms: {
                    id: positionId,
                    userId: order.userId,
                    pair: order.pair as TPair,
                    type: order.type,
                    margin: order.margin,
                    leverage: order.leverage,
                    expiration: order.expirationMinutes,
                    entry: { price: tick.price, time: tick.time },
                    spread: tick.spread,
                    commission,
                    takeProfit: order.takeProfit,
                    stopLoss: order.stopLoss,
                  },
                });
              }
              const opened = await insertOpenPositions(
                tx,
                filled.map((f) => f.terms),
              );
              await postBatch(
                tx,
                commissionPostings(
                  filled.map(({ order, terms }) => ({
                    userId: order.userId,
                    id: terms.id,
                    commission: terms.commission,
                    from: 'trading' as const,
                    reason: `Commission on the ${order.type === 'buy' ? 'Buy' : 'Sell'} position on ${order.pair} at 1:${order.leverage} (${order.kind} order filled)`,
                  })),
                  () => null,
                ),
                locked,
              );
              const fills = filled.map((f) => f.fill);
              await markOrdersFilled(tx, fills, new Date());
              await tellClients(
                tx,
                mail,
                filled.map((f) => fillNotice(f.order, f.fill)),
              );
              return { settled: fills.map((f) => f.id), unreached, opened };
            }),
          );
          for (const position of result.opened) exits.track(position);
          if (result.opened.length > 0) exits.recheck();
          return { settled: result.settled, unreached: result.unreached };
        },
      },
      market,
      log,
    );
  }
}
