export * from './withdrawal-codes.service.ts';
export * from './withdrawals.service.ts';
