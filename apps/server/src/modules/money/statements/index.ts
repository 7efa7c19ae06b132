export * from './statement-file.ts';
export * from './statements.service.ts';
