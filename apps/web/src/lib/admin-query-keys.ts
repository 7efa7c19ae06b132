/**
 * Query keys of the admin back office, in one place because one action touches several areas: a
 * deposit set Completed changes the deposit and transaction lists, the record, the client's
 * balance and history, and the audit log. Mutations invalidate exactly these prefixes.
 */
export const adminKeys = {
  all: ['admin'] as const,
  depositMethods: () => ['admin', 'depositMethods'] as const,
  depositMethod: (id: string) => ['admin', 'depositMethods', id] as const,
  withdrawalMethods: () => ['admin', 'withdrawalMethods'] as const,
  withdrawalMethod: (id: string) => ['admin', 'withdrawalMethods', id] as const,
  /** GET /transaction (every type) and GET /transaction?type=… */
  transactions: () => ['admin', 'transactions'] as const,
  deposits: () => ['admin', 'deposits'] as const,
  withdrawals: () => ['admin', 'withdrawals'] as const,
  investments: () => ['admin', 'investments'] as const,
  /** One record: GET /transaction/{id}. */
  transaction: (id: string) => ['admin', 'transaction', id] as const,
  /** Everything about one client: profile, balance, history. */
  client: (userId: string) => ['admin', 'client', userId] as const,
  clientProfile: (userId: string) => ['admin', 'client', userId, 'profile'] as const,
  clientBalance: (userId: string) => ['admin', 'client', userId, 'balance'] as const,
  clientTransactions: (userId: string) => ['admin', 'client', userId, 'transactions'] as const,
  audit: () => ['admin', 'audit'] as const,
  outbox: () => ['admin', 'outbox'] as const,
};
