export * from './methods.service.ts';
