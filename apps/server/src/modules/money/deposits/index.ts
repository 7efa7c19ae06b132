export * from './deposits.service.ts';
