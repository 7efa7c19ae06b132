export * from './compose.ts';
export * from './mail.job.ts';
export * from './mail.metrics.ts';
export * from './mailer.ts';
export * from './outbox.service.ts';
