export * from './health.service.ts';
