export * from './users.mapper.ts';
export * from './users.service.ts';
