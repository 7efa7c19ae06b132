export * from './positions.job.ts';
export * from './positions.service.ts';
export * from './stop-out-monitor.ts';
