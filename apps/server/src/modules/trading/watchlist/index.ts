export * from './watchlist.service.ts';
