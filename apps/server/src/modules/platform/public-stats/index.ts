export * from './public-stats.service.ts';
