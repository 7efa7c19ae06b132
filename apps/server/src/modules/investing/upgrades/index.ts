export * from './upgrades.service.ts';
