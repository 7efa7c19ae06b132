export * from './sessions.service.ts';
