export * from './transactions.mapper.ts';
export * from './transactions.service.ts';
