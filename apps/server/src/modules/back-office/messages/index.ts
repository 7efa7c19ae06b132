export * from './messages.service.ts';
