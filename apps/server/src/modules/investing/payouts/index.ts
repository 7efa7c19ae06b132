export * from './payouts.job.ts';
export * from './payouts.service.ts';
export * from './schedule.ts';
