export * from './live.ts';
export * from './live-changes.ts';
export * from './live-streams.ts';
