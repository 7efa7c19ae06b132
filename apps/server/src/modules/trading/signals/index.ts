export * from './signals.job.ts';
export * from './signals.service.ts';
