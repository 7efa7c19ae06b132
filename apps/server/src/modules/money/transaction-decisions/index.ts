export * from './transaction-decisions.service.ts';
