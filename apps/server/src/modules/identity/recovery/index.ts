export * from './recovery.service.ts';
