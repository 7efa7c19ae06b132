import type { TPair } from '@meridian/contracts/market';
import {
  closingSide,
  exitLevels,
  exitReached,
  type TExitReason,
  type TPositionType,
} from '@meridian/contracts/position-terms';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { withDeadlockRetry } from '../../../db/deadlock-retry.ts';
import type { TLevelEntry } from '../../../lib/level-index.ts';
import { LEVEL_BATCH_SIZE, LevelMonitor, type TLevelSource, type TReached } from '../../../lib/level-monitor.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions } from './closing.ts';
import { openExitLevels, type TPositionRow } from './positions.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Closes open positions when a price reaches their stop-out, stop-loss or take-profit, on the
     * tick that reaches it (modules/trading/positions).
     */
    exits: ExitMonitor;
  }
}

/** What the index needs of a position: its pair, side and levels. */
export interface TExitLevelsOf {
  id: string;
  pair: string;
  type: TPositionType;
  stopOutPrice: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
}

const entryOf = (position: TExitLevelsOf): TLevelEntry => ({
  id: position.id,
  pair: position.pair as TPair,
  ...exitLevels(position),
});

/**
 * Closes a batch of positions whose levels a price reached, in one DB transaction, each at the price
 * of its tick on its closing side and for the level the row has then (closing.ts claims only rows still open).
 */
function closeReached(db: Db, mail: Mailer) {
  return async (batch: readonly TReached[]) => {
    const exits = new Map(batch.map((reached) => [reached.id, reached]));
    /** Claimed rows whose levels the exit price has not reached (changed since the index read them). */
    let unreached: TPositionRow[] = [];
    const { closed } = await withDeadlockRetry(() => {
      unreached = [];
      const reasons = new Map<string, TExitReason>();
      return db.transaction((tx) =>
        closePositions(tx, {
          claim: { ids: [...exits.keys()] },
          reason: (position) => reasons.get(position.id) ?? 'stop_out',
          exitOf: (position) => {
            const exit = exits.get(position.id);
            const reason = exit ? exitReached(position, exit.price) : null;
            if (!exit || !reason) {
              unreached.push(position);
              return null;
            }
            reasons.set(position.id, reason);
            return exit;
          },
          actorId: null,
          mail,
        }),
      );
    });
    return { settled: closed.map((position) => position.id), unreached };
  };
}

/**
 * Watches every fresh quote for open positions that reach an exit level: their stop-out, stop-loss
 * or take-profit (lib/level-monitor.ts), and closes them at that tick's price through
 * `closePositions`, which checks the level against the row as it is then: several servers receiving
 * the same tick close each position once, and a server whose index still holds a level the client
 * has since changed closes nothing on it. The positions job syncs it with the database.
 */
export class ExitMonitor extends LevelMonitor<TExitLevelsOf> {
  constructor(db: Db, market: MarketData, log: FastifyBaseLogger, mail: Mailer, batchSize = LEVEL_BATCH_SIZE) {
    const source: TLevelSource<TExitLevelsOf> = {
      what: 'close at a level',
      read: (since) => openExitLevels(db, since),
      entryOf,
      // A position's levels are measured where it would close: a buy's at the bid, a sell's at the ask.
      sideOf: (position) => closingSide(position.type),
      settle: closeReached(db, mail),
    };
    super(source, market, log, batchSize);
  }
}
