export * from './withdrawal-codes.service.ts';
export { NO_WITHDRAWAL_LIMITS, type TWithdrawalLimitSettings, withdrawalLimitsOf } from './withdrawal-limits.ts';
export * from './withdrawals.service.ts';
