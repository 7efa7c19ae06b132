import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { AlertMonitor } from './alert-monitor.ts';

/** Every JOBS_INTERVAL_MS: rebuilds this server's alert index from the database (alerts set on another server). */
export function alertsJob(config: Pick<TConfig, 'JOBS_INTERVAL_MS'>, alerts: Pick<AlertMonitor, 'resync'>): TJob {
  return {
    name: 'alerts',
    enabled: true,
    intervalMs: config.JOBS_INTERVAL_MS,
    run: () => alerts.resync(),
  };
}
