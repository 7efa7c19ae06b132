import {
  alertProblem,
  MAX_ACTIVE_ALERTS,
  type TPriceAlert,
  type TPriceAlertList,
  type ZPriceAlertInput,
} from '@meridian/contracts/alerts';
import type { TPair } from '@meridian/contracts/market';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import type { AlertMonitor } from './alert-monitor.ts';
import { alertsOf, deleteAlertOf, insertAlertWithin, type TAlertRow } from './alerts.repository.ts';

/**
 * Price alerts (contracts/alerts.ts): a client's own, set against the price at the server's clock
 * (one the price has already reached is refused, 422, as is one on a stale price, 503), watched by
 * this server's `AlertMonitor` at once and by the others from their next sync.
 */

export interface TAlertDeps {
  market: Pick<MarketData, 'priceNow'>;
  alerts: Pick<AlertMonitor, 'track' | 'forget'>;
}

export function toApiAlert(row: TAlertRow): TPriceAlert {
  return {
    id: row.id,
    pair: row.pair as TPair,
    direction: row.direction,
    price: row.price,
    repeat: row.repeat,
    status: row.status,
    triggerCount: row.triggerCount,
    lastTriggeredPrice: row.lastTriggeredPrice,
    lastTriggeredAt: row.lastTriggeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAlerts(db: Db, userId: string): Promise<TPriceAlertList> {
  return { alerts: (await alertsOf(db, userId)).map(toApiAlert) };
}

export async function createAlert(
  db: Db,
  deps: TAlertDeps,
  userId: string,
  input: z.output<typeof ZPriceAlertInput>,
): Promise<TPriceAlert> {
  const now = deps.market.priceNow(input.pair);
  if (!now) throw new AppError('UPSTREAM_UNAVAILABLE', 'errors.priceStale', { pair: input.pair });
  const problem = alertProblem(input.direction, input.price, now.mid);
  if (problem) throw AppError.refused(problem, {}, { field: 'price' });
  const row = await insertAlertWithin(db, { userId, ...input }, MAX_ACTIVE_ALERTS);
  if (!row) throw AppError.refused('validation.alertLimit', { max: MAX_ACTIVE_ALERTS });
  deps.alerts.track(row);
  return toApiAlert(row);
}

export async function deleteAlert(db: Db, deps: TAlertDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteAlertOf(db, userId, id))) throw new AppError('NOT_FOUND', 'errors.alertNotFound');
  deps.alerts.forget(id);
}
