export * from './chain-deposits.service.ts';
export * from './deposits.service.ts';
