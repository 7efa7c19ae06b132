export * from './chain-deposits.job.ts';
export * from './chain-deposits.service.ts';
export { coinCents, followWatch, tokenCents, watchChains } from './chain-watcher.ts';
export { deriveAddress, parseXpub } from './derivation.ts';
