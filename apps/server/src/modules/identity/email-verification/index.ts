export * from './email-verification.service.ts';
