export * from './alert-monitor.ts';
export * from './alerts.job.ts';
export * from './alerts.service.ts';
