export * from './client-actions.service.ts';
export * from './clients.service.ts';
export * from './stats.service.ts';
