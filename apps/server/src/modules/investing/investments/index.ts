export * from './investments.service.ts';
