export * from './audit.service.ts';
