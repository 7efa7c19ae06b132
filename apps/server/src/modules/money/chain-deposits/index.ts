export * from './chain-deposits.job.ts';
export * from './chain-deposits.service.ts';
export { chainPayoutsJob } from './chain-payouts.job.ts';
export { readPayoutTx, readPayoutWatch, recordPayoutTx, setPayoutWatch } from './chain-payouts.service.ts';
export { coinCents, followWatch, tokenCents, watchChains } from './chain-watcher.ts';
export { deriveAddress, parseXpub } from './derivation.ts';
export * from './reserve-balances.ts';
