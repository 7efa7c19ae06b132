export * from './messages.service.ts';
export * from './notices.ts';
