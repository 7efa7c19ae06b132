/**
 * One query-key family per server resource, shared by every screen that shows it: the client's
 * wallet and the admin's client page read a balance under the same key, so invalidating a family
 * refreshes every screen that shows that resource. A key starts with its resource's name; what
 * follows narrows it (a user, a page, a filter). Mutations invalidate the families they change.
 */
export const queryKeys = {
  /** A user's record: GET /client/:userId (also refreshed into the session for the signed-in client). */
  client: (userId: string) => ['client', userId] as const,
  /** The admin's client list, search and dashboard statistics. */
  clients: () => ['clients'] as const,
  /** An admin's own profile: GET /admin/:id. */
  admin: (id: string) => ['admin-profile', id] as const,
  /** Every part of a user's money: GET /balance/:userId. */
  balance: (userId: string) => ['balance', userId] as const,
  /** A user's equity and its parts: GET /equity/:userId, under the balance's key (it changes with it). */
  equity: (userId: string) => ['balance', userId, 'equity'] as const,
  /**
   * A client's withdrawal limits and what is left of them: GET /withdrawal/limits/:userId, under the
   * balance's key, since every withdrawal (and its decline) changes both.
   */
  withdrawalLimits: (userId: string) => ['balance', userId, 'withdrawal-limits'] as const,
  /**
   * Money records: every list (a user's history and its tabs, the admin's four lists) and every
   * single record. Anything that creates or decides a record changes some of them.
   */
  transactions: () => ['transactions'] as const,
  /** One user's lists, every kind and page. */
  userTransactions: (userId: string) => ['transactions', 'user', userId] as const,
  /** One record: GET /transaction/:id. */
  transaction: (id: string) => ['transactions', 'record', id] as const,
  /** The admin's transaction charts of the last `days` days: GET /admin/charts/transactions. */
  transactionCharts: (days: number) => ['transactions', 'charts', { days }] as const,
  /** Investment plans: every list of them (the client's Trading Plans, the admin's grid) and each plan. */
  plans: () => ['investment-plans'] as const,
  plan: (id: string) => ['investment-plans', id] as const,
  /** Plan upgrade requests: a client's latest and the admin's pending list. */
  upgradeRequests: () => ['upgrade-requests'] as const,
  /** Positions: a client's pages with their summary, and the admin's list. */
  positions: () => ['positions'] as const,
  /** One client's positions, every page. */
  userPositions: (userId: string) => ['positions', 'user', userId] as const,
  /** One position: GET /position/:id. */
  position: (id: string) => ['positions', 'one', id] as const,
  /** What opening a position costs besides the spread (the commission per pair) and the margin levels: GET /trading-terms. */
  tradingTerms: () => ['trading-terms'] as const,
  /** Pending orders: a client's lists (pending and ended) and the desk's. */
  orders: () => ['orders'] as const,
  /** Signals and the joins of them: the client's active list and trades, the admin's list and evidence. */
  signals: () => ['signals'] as const,
  /** Payouts ("trades"): the admin's logs and a client's trade activities. */
  trades: () => ['trades'] as const,
  depositMethods: () => ['deposit-methods'] as const,
  withdrawalMethods: () => ['withdrawal-methods'] as const,
  /** A client's withdrawal address book (GET /withdrawal-address/user/:userId). */
  withdrawalAddresses: (userId: string) => ['withdrawal-addresses', userId] as const,
  /** KYC submissions: a user's status and the admin's lists. */
  kyc: () => ['kyc'] as const,
  /** A user's in-app messages (the bell and the notifications page). */
  notifications: (userId: string) => ['notifications', userId] as const,
  unlockRequests: () => ['unlock-requests'] as const,
  supportMessages: () => ['support-messages'] as const,
  audit: () => ['audit'] as const,
  /** A user's signed-in sessions: their own Security page and the admin's client page. */
  sessions: (userId: string) => ['sessions', userId] as const,
  /** A user's own passkeys, on their Security page. */
  passkeys: (userId: string) => ['passkeys', userId] as const,
  outbox: () => ['outbox'] as const,
  /** Four-eyes approvals: the back office's queue of large money actions, by status and page (GET /approvals). */
  approvals: () => ['approvals'] as const,
  /** The back office's staff and their roles: GET /staff. */
  staff: () => ['staff'] as const,
  content: (language: string) => ['content', language] as const,
  /** The terms or the risk disclosure in one language: GET /content/legal/:document. */
  legal: (document: string, language: string) => ['content', 'legal', document, language] as const,
  news: () => ['news'] as const,
  candles: (pair: string) => ['candles', pair] as const,
  /** The signed-in client's watchlist of pairs (their dashboard). */
  watchlist: () => ['watchlist'] as const,
  /** The signed-in client's price alerts. */
  alerts: () => ['alerts'] as const,
  publicStats: () => ['public-stats'] as const,
  publicActivity: () => ['public-activity'] as const,
  /** The home page's plans (GET /public/plans): a visitor's view, apart from the signed-in `plans`. */
  publicPlans: () => ['public-plans'] as const,
  /** GET /health: the server's state and its scheduled jobs (the admin's due-trades page reads it). */
  health: () => ['health'] as const,
};
