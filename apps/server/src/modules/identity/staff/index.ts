export * from './staff.service.ts';
