export * from './adjustments.service.ts';
