export * from './kyc.service.ts';
