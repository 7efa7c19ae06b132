export * from './approvals.service.ts';
