export * from './plans.mapper.ts';
export * from './plans.service.ts';
