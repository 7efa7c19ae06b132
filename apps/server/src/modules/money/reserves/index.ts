export * from './reserves.service.ts';
