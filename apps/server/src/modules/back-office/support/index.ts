export * from './support.service.ts';
