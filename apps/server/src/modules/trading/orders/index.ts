export * from './order-monitor.ts';
export * from './orders.job.ts';
export * from './orders.service.ts';
