export * from './content.service.ts';
