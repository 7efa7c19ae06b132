import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import type { TPosition } from '@meridian/contracts/positions';
import type { TPositionRow, TPositionUser } from './positions.repository.ts';

/** The only way a position leaves the server: money in dollars, the P&L split as the screens show it. */
export function toApiPosition(row: TPositionRow, user?: TPositionUser): TPosition {
  const pnl = row.pnl ?? 0n;
  return {
    id: row.id,
    asset: row.pair as TPair,
    type: row.type,
    amount: fromCents(row.margin),
    leverage: row.leverage,
    expiration: row.expirationMinutes,
    status: row.status,
    isLoss: pnl < 0n,
    loss: pnl < 0n ? fromCents(-pnl) : 0,
    profit: pnl > 0n ? fromCents(pnl) : 0,
    entryPrice: row.entryPrice,
    entryPriceTime: row.entryPriceTime.toISOString(),
    spread: row.spread,
    commission: fromCents(row.commission),
    stopOutPrice: row.stopOutPrice,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    exitPrice: row.exitPrice,
    exitPriceTime: row.exitPriceTime?.toISOString() ?? null,
    closeReason: row.closeReason,
    closeNote: row.closeNote,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    ...(user ? { user } : {}),
  };
}
