export * from './exit-monitor.ts';
export * from './positions.job.ts';
export * from './positions.service.ts';
