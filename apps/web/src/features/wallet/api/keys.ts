/** Query keys of the client's money screens; mutations invalidate exactly what they change. */
export const walletKeys = {
  client: (userId: string) => ['wallet', 'client', userId] as const,
  balance: (userId: string) => ['wallet', 'balance', userId] as const,
  /** Every history list of a user (all activity and the three tabs), every page. */
  history: (userId: string) => ['wallet', 'history', userId] as const,
  historyPage: (userId: string, kind: THistoryKind, page: number) => ['wallet', 'history', userId, kind, page] as const,
  transaction: (id: string) => ['wallet', 'transaction', id] as const,
  depositMethods: () => ['wallet', 'deposit-methods'] as const,
  depositMethod: (id: string) => ['wallet', 'deposit-methods', id] as const,
  withdrawalMethods: () => ['wallet', 'withdrawal-methods'] as const,
  withdrawalMethod: (id: string) => ['wallet', 'withdrawal-methods', id] as const,
};

/** The four history views: all activity and the Deposits, Withdrawals and Investments tabs. */
export type THistoryKind = 'all' | 'deposits' | 'withdrawals' | 'investments';
