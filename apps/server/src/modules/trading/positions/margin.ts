import { marginLevel } from '@meridian/contracts/margin-terms';
import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { withDeadlockRetry } from '../../../db/deadlock-retry.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { MarketData, TPriceNow } from '../../../providers/market/market-data.ts';
import { tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions, closingPriceFrom } from './closing.ts';
import type { ExitMonitor } from './exit-monitor.ts';
import {
  accountMargins,
  endMarginCallsBut,
  startMarginCalls,
  type TAccountMargin,
  worstPositionsOf,
} from './positions.repository.ts';

/**
 * The account margin level (docs/money.md, "Margin level"): every MARGIN_CHECK_MS each account
 * with open positions is valued at the latest fresh prices, in two statements (the first leaves out
 * accounts whose cash alone keeps them above the call level: no position loses more than its margin). An account below
 * MARGIN_CALL_LEVEL gets a margin call (a notice and its email) once, until a check finds it back
 * above; one below MARGIN_CLOSE_OUT_LEVEL has its largest losing position closed at the current
 * price, one per check, until it is back above. An account holding a position on a pair whose price
 * is stale is left alone: nothing is decided on a stale price. Safe with several servers: the call
 * is a row each check inserts only once, and a close claims only open rows (closing.ts).
 */

export interface TMarginCheck {
  /** Accounts valued: those with open positions whose cash alone does not keep them above the call level, every pair priced. */
  accounts: number;
  /** Accounts this check put in a margin call (told now). */
  called: number;
  /** Positions this check closed out. */
  closedOut: string[];
  /** Milliseconds the valuation took. */
  valuedInMs: number;
}

const levelOf = (a: TAccountMargin) => marginLevel(a.cash + a.used + a.pnl, a.used) ?? Number.POSITIVE_INFINITY;

export async function checkMargins(
  db: Db,
  deps: { market: Pick<MarketData, 'priceNow'>; mail: Mailer; exits: Pick<ExitMonitor, 'forget'> },
  levels: { callLevel: number; closeOutLevel: number },
): Promise<TMarginCheck> {
  const prices = new Map<TPair, TPriceNow>();
  for (const pair of MARKET_PAIRS) {
    const price = deps.market.priceNow(pair);
    if (price) prices.set(pair, price);
  }
  const began = performance.now();
  const { valued, stale } = await accountMargins(db, prices, levels.callLevel);
  const valuedInMs = performance.now() - began;
  const below = valued.filter((a) => levelOf(a) < levels.callLevel);
  const called = await db.transaction(async (tx) => {
    await endMarginCallsBut(tx, [...below.map((a) => a.userId), ...stale]);
    const started = await startMarginCalls(
      tx,
      below.map((a) => ({ userId: a.userId, level: levelOf(a) })),
    );
    const told = below.filter((a) => started.has(a.userId));
    await tellClients(
      tx,
      deps.mail,
      told.map((a) => ({
        key: 'marginCall' as const,
        params: { level: levelOf(a), equity: fromCents(a.cash + a.used + a.pnl), margin: fromCents(a.used) },
        link: NOTICE_LINKS.positions,
        receiverId: a.userId,
      })),
    );
    return told.length;
  });
  const closing = below.filter((a) => levelOf(a) < levels.closeOutLevel);
  const worst = await worstPositionsOf(
    db,
    closing.map((a) => a.userId),
    prices,
  );
  const closedOut: string[] = [];
  for (let i = 0; i < worst.length; i += 250) {
    const { closed } = await withDeadlockRetry(() =>
      db.transaction((tx) =>
        closePositions(tx, {
          claim: { ids: worst.slice(i, i + 250) },
          reason: 'margin_close_out',
          exitOf: closingPriceFrom(prices),
          actorId: null,
          mail: deps.mail,
        }),
      ),
    );
    closedOut.push(...closed.map((p) => p.id));
  }
  deps.exits.forget(closedOut);
  return { accounts: valued.length, called, closedOut, valuedInMs };
}

/** Every MARGIN_CHECK_MS: checks every account's margin level (`checkMargins`). */
export function marginJob(
  config: Pick<TConfig, 'MARGIN_CHECK_MS' | 'MARGIN_CALL_LEVEL' | 'MARGIN_CLOSE_OUT_LEVEL'>,
  market: Pick<MarketData, 'priceNow'>,
  exits: Pick<ExitMonitor, 'forget'>,
  mail: Mailer,
): TJob {
  return {
    name: 'margin',
    enabled: true,
    intervalMs: config.MARGIN_CHECK_MS,
    run: async (db) => {
      const check = await checkMargins(
        db,
        { market, mail, exits },
        { callLevel: config.MARGIN_CALL_LEVEL, closeOutLevel: config.MARGIN_CLOSE_OUT_LEVEL },
      );
      return check.called + check.closedOut.length;
    },
  };
}
