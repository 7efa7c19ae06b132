import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { OrderMonitor } from './order-monitor.ts';
import { expireDueOrders } from './orders.service.ts';

/**
 * Every JOBS_INTERVAL_MS: expires the pending orders whose good-until time has passed (their margin
 * back to the balance), then syncs this server's order index with the database (orders placed or
 * changed on another server). Safe with several servers: each claims disjoint rows.
 */
export function ordersJob(
  config: Pick<TConfig, 'JOBS_INTERVAL_MS'>,
  orders: Pick<OrderMonitor, 'forget' | 'resync'>,
  mail: Mailer,
): TJob {
  return {
    name: 'orders',
    enabled: true,
    intervalMs: config.JOBS_INTERVAL_MS,
    run: async (db, now, signal) => {
      const expired = await expireDueOrders(db, mail, { now, signal });
      orders.forget(expired);
      await orders.resync();
      return expired.length;
    },
  };
}
