import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions } from './money.ts';
import { users } from './users.ts';

/**
 * Market history, leveraged positions and trading signals (docs/money.md, "Positions and signals").
 * Prices are doubles holding a value already rounded to the pair's decimals; the arithmetic on them
 * is done in integer units of those decimals (contracts/positions.ts).
 */

/**
 * 1-minute OHLC candles of the mid price, per pair, as the feed delivered them. Settlement and the
 * charts read them, so every server and every restart agrees on history. Kept MARKET_CANDLE_RETENTION_DAYS.
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    pair: text('pair').notNull(),
    /** The minute's start. */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    /** Prices received in the minute. */
    ticks: integer('ticks').notNull(),
    /** Time of the tick that set `close`, so a later write of an earlier tick cannot become the close. */
    closeTime: timestamp('close_time', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pair, t.minute] }),
    index('market_candles_minute_idx').on(t.minute),
    check('market_candles_range_check', sql`${t.low} <= ${t.high} and ${t.low} > 0`),
  ],
);

/**
 * A leveraged position. Its `transactions` row (type Position, same id) is what the client's history
 * shows: the margin while open, and the P&L once closed.
 */
export const positions = pgTable(
  'positions',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pair: text('pair').notNull(),
    type: text('type', { enum: ['buy', 'sell'] }).notNull(),
    /** The margin, in cents. */
    margin: bigint('margin', { mode: 'bigint' }).notNull(),
    leverage: integer('leverage').notNull(),
    /** Null: no expiry. */
    expirationMinutes: integer('expiration_minutes'),
    /** The ask for a buy, the bid for a sell. */
    entryPrice: doublePrecision('entry_price').notNull(),
    entryPriceTime: timestamp('entry_price_time', { withTimezone: true, precision: 3 }).notNull(),
    /** Ask − bid of the quote it opened on; null for positions opened at the mid, before both were kept. */
    spread: doublePrecision('spread'),
    /** The commission charged when it opened, in cents. */
    commission: bigint('commission', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Where the loss reaches the margin; null for a buy at 1:1. */
    stopOutPrice: doublePrecision('stop_out_price'),
    /** The client's take-profit and stop-loss; null where none is set. */
    takeProfit: doublePrecision('take_profit'),
    stopLoss: doublePrecision('stop_loss'),
    /**
     * When the position's exit levels were last set (at opening, then at each change of take-profit
     * or stop-loss): every server's exit index reads the levels changed since its last sync.
     */
    levelsSetAt: timestamp('levels_set_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    exitPrice: doublePrecision('exit_price'),
    exitPriceTime: timestamp('exit_price_time', { withTimezone: true, precision: 3 }),
    /** Signed cents, at least −margin. */
    pnl: bigint('pnl', { mode: 'bigint' }),
    closeReason: text('close_reason', { enum: ['expired', 'stop_out', 'client', 'admin', 'take_profit', 'stop_loss'] }),
    /** The admin's reason for a Close at market. */
    closeNote: text('close_note'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('positions_user_created_idx').on(t.userId, t.createdAt),
    index('positions_created_idx').on(t.createdAt),
    index('positions_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    index('positions_open_pair_idx').on(t.pair).where(sql`${t.status} = 'open'`),
    index('positions_open_levels_set_idx').on(t.levelsSetAt).where(sql`${t.status} = 'open'`),
    check('positions_margin_positive', sql`${t.margin} > 0`),
    check('positions_commission_check', sql`${t.commission} >= 0`),
    check('positions_leverage_check', sql`${t.leverage} in (1, 2, 5, 10)`),
    check(
      'positions_closed_check',
      sql`(${t.status} = 'open') = (${t.closedAt} is null and ${t.pnl} is null and ${t.exitPrice} is null)`,
    ),
    check('positions_pnl_floor', sql`${t.pnl} is null or ${t.pnl} >= -${t.margin}`),
  ],
);

/**
 * A pending order (docs/money.md, "Pending orders"): the terms of a position to open when the price
 * reaches `price`. Its margin moved balance → trading when it was placed and stays there while it
 * waits; filling it opens the position with that margin (no posting), cancelling or expiring it
 * moves the margin back.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pair: text('pair').notNull(),
    type: text('type', { enum: ['buy', 'sell'] }).notNull(),
    kind: text('kind', { enum: ['limit', 'stop'] }).notNull(),
    /** The level that fills it, in the pair's decimals. */
    price: doublePrecision('price').notNull(),
    /** The margin held for it, in cents. */
    margin: bigint('margin', { mode: 'bigint' }).notNull(),
    /** The commission held with the margin, charged when it fills, in cents. */
    commission: bigint('commission', { mode: 'bigint' }).notNull().default(sql`0`),
    leverage: integer('leverage').notNull(),
    /** The position's expiration once filled; null: no expiry. */
    expirationMinutes: integer('expiration_minutes'),
    takeProfit: doublePrecision('take_profit'),
    stopLoss: doublePrecision('stop_loss'),
    /** Null: good till cancelled. */
    goodUntil: timestamp('good_until', { withTimezone: true }),
    status: text('status', { enum: ['pending', 'filled', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    /** When its level was last set (placed, then each change): every server's order index reads those set since its last sync. */
    levelsSetAt: timestamp('levels_set_at', { withTimezone: true }).notNull().defaultNow(),
    /** The price and time of the tick that filled it, and the position it opened. */
    fillPrice: doublePrecision('fill_price'),
    fillPriceTime: timestamp('fill_price_time', { withTimezone: true, precision: 3 }),
    positionId: uuid('position_id').references(() => positions.id, { onDelete: 'restrict' }),
    /** When it was filled, cancelled or expired. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_pending_levels_set_idx').on(t.levelsSetAt).where(sql`${t.status} = 'pending'`),
    index('orders_pending_good_until_idx').on(t.goodUntil).where(sql`${t.status} = 'pending'`),
    check('orders_margin_positive', sql`${t.margin} > 0`),
    check('orders_commission_check', sql`${t.commission} >= 0`),
    check('orders_leverage_check', sql`${t.leverage} in (1, 2, 5, 10)`),
    check('orders_price_positive', sql`${t.price} > 0`),
    check('orders_ended_check', sql`(${t.status} = 'pending') = (${t.endedAt} is null)`),
    check(
      'orders_filled_check',
      sql`(${t.status} = 'filled') = (${t.positionId} is not null and ${t.fillPrice} is not null)`,
    ),
  ],
);

/** A trading signal published by an admin. */
export const signals = pgTable(
  'signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pair: text('pair').notNull(),
    entryPrice: doublePrecision('entry_price').notNull(),
    targetPrice: doublePrecision('target_price').notNull(),
    /** percentageReturn × 10 (one decimal). */
    returnTenths: integer('return_tenths').notNull(),
    /** Cents. */
    minEntry: bigint('min_entry', { mode: 'bigint' }).notNull(),
    scheduleTime: timestamp('schedule_time', { withTimezone: true }).notNull(),
    closingTime: timestamp('closing_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'completed'] })
      .notNull()
      .default('pending'),
    result: text('result', { enum: ['gain', 'loss'] }),
    /** The price evidence the result was settled on (contracts ZSignalEvidence). */
    evidence: jsonb('evidence'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The admin who triggered settlement; null when the job runner settled it. */
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signals_pending_schedule_idx').on(t.scheduleTime).where(sql`${t.status} = 'pending'`),
    index('signals_active_closing_idx').on(t.closingTime).where(sql`${t.status} = 'active'`),
    index('signals_created_idx').on(t.createdAt),
    check('signals_times_check', sql`${t.closingTime} > ${t.scheduleTime}`),
    check('signals_min_entry_check', sql`${t.minEntry} >= 100`),
    check('signals_result_check', sql`(${t.result} is null) or ${t.status} = 'completed'`),
  ],
);

/**
 * One client's entry into a signal (one per client and signal). Its `transactions` row (type
 * Signal, same id) is what the client's history shows.
 */
export const signalTrades = pgTable(
  'signal_trades',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    signalId: uuid('signal_id')
      .notNull()
      .references(() => signals.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Cents. */
    entry: bigint('entry', { mode: 'bigint' }).notNull(),
    expectedReturn: bigint('expected_return', { mode: 'bigint' }).notNull(),
    /** Gain: the expected return; loss: −entry. Null until settled. */
    actualReturn: bigint('actual_return', { mode: 'bigint' }),
    status: text('status', { enum: ['active', 'completed'] })
      .notNull()
      .default('active'),
    result: text('result', { enum: ['gain', 'loss'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signal_trades_signal_user_key').on(t.signalId, t.userId),
    index('signal_trades_user_created_idx').on(t.userId, t.createdAt),
    index('signal_trades_active_signal_idx').on(t.signalId).where(sql`${t.status} = 'active'`),
    check('signal_trades_entry_positive', sql`${t.entry} > 0`),
  ],
);

/** A client's watchlist: the pairs on their dashboard, in their order; no row until they choose. */
export const watchlists = pgTable('watchlists', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pairs: text('pairs').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A client's price alert (contracts/alerts.ts): told once, or every time, when the pair's price rises
 * (`above`) or falls (`below`) to `price`. `armed` is false while a repeating alert that has fired
 * waits for the price to go back past its level.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pair: text('pair').notNull(),
    direction: text('direction', { enum: ['above', 'below'] }).notNull(),
    price: doublePrecision('price').notNull(),
    repeat: boolean('repeat').notNull().default(false),
    status: text('status', { enum: ['active', 'triggered'] })
      .notNull()
      .default('active'),
    armed: boolean('armed').notNull().default(true),
    triggerCount: integer('trigger_count').notNull().default(0),
    lastTriggeredPrice: doublePrecision('last_triggered_price'),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_created_idx').on(t.userId, t.createdAt),
    index('price_alerts_active_idx').on(t.pair).where(sql`${t.status} = 'active'`),
    check('price_alerts_price_positive', sql`${t.price} > 0`),
  ],
);

/**
 * Accounts in a margin call (docs/money.md, "Margin level"): a row from the check that first found
 * the account's margin level below MARGIN_CALL_LEVEL (which told the client) until one finds it back
 * above, so a client is told once per fall, whichever server checks.
 */
export const marginCalls = pgTable('margin_calls', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The level that made the call, in percent. */
  level: doublePrecision('level').notNull(),
  calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
});
