export * from './balances.service.ts';
