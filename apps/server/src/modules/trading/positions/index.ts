export * from './exit-monitor.ts';
export * from './margin.ts';
export * from './positions.job.ts';
export * from './positions.service.ts';
