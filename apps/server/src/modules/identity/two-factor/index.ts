export * from './second-factor.ts';
export * from './two-factor.service.ts';
