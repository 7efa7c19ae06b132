import type { TAuthResponse, TUser } from '@meridian/contracts/auth';
import type { TBalanceSummary, TEquity } from '@meridian/contracts/balances';
import type { TInvestmentPlan, TInvestmentTerms } from '@meridian/contracts/investments';
import type { TKyc } from '@meridian/contracts/kyc';
import type { TDepositMethod, TWithdrawalMethod } from '@meridian/contracts/methods';
import type { TInAppMessage } from '@meridian/contracts/notifications';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import type { TTradingTerms } from '@meridian/contracts/positions';
import type { TTransaction } from '@meridian/contracts/transactions';

/** Ids the fixtures use; any UUID the contracts accept. */
export const IDS = {
  client: '11111111-1111-4111-8111-111111111111',
  admin: '22222222-2222-4222-8222-222222222222',
  method: '33333333-3333-4333-8333-333333333333',
  record: '44444444-4444-4444-8444-444444444444',
  plan: '55555555-5555-4555-8555-555555555555',
  kyc: '66666666-6666-4666-8666-666666666666',
} as const;

/** A user as the API describes one (`ZUser`): a verified, active client with no money by default. */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: IDS.client,
    firstname: 'Ada',
    lastname: 'Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    country: 'GB',
    address: '1 Analytical Way, London',
    profile: null,
    type: 'Client',
    roles: 'Client',
    staffRole: null,
    isActive: true,
    isVerified: true,
    emailVerified: true,
    termsAcceptedAt: '2026-01-01T00:00:00.000Z',
    kycStatus: 'approved',
    balance: 0,
    tradingBalance: 0,
    profitBalance: 0,
    bonus: 0,
    referralCode: 'ADA123',
    plan: null,
    withdrawalEnabled: true,
    maintenanceAlert: false,
    maintenanceAlertMessage: null,
    securityAlert: false,
    securityAlertMessage: null,
    planUpgradeAlert: false,
    planUpgradeAlertMessage: null,
    passwordChangedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in session of the given role (what POST /login answers); an admin is staff of role Admin unless `user` says otherwise. */
export function makeAuth(role: 'Client' | 'Admin' = 'Client', user: Partial<TUser> = {}): TAuthResponse {
  const base =
    role === 'Admin'
      ? makeUser({
          id: IDS.admin,
          firstname: 'Grace',
          lastname: 'Hopper',
          username: 'grace',
          email: 'grace@example.com',
          staffRole: 'Admin',
        })
      : makeUser();
  return { user: { ...base, type: role, roles: role, ...user }, accessToken: `token-${role}`, roles: role };
}

/** A deposit method (`ZDepositMethod`): limits $10.00 to $50,000.00 unless overridden. */
export function makeDepositMethod(overrides: Partial<TDepositMethod> = {}): TDepositMethod {
  return {
    id: IDS.method,
    name: 'USDT (TRC20)',
    value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    description: 'Tether on TRON',
    minAmount: 10,
    maxAmount: 50_000,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A withdrawal method (`ZWithdrawalMethod`). */
export function makeWithdrawalMethod(overrides: Partial<TWithdrawalMethod> = {}): TWithdrawalMethod {
  const { value: _value, ...method } = makeDepositMethod();
  return { ...method, ...overrides };
}

/** A money record (`ZTransaction`): a Pending deposit of $250.75 unless overridden. */
export function makeTransaction(overrides: Partial<TTransaction> = {}): TTransaction {
  return {
    id: IDS.record,
    type: 'Deposit',
    status: 'Pending',
    amount: 250.75,
    direction: 'in',
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    depositMethod: { id: IDS.method, name: 'USDT (TRC20)', value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    withdrawalMethod: null,
    reference: null,
    senderAddress: null,
    address: null,
    investmentPlan: null,
    adjustmentKind: null,
    reason: null,
    asset: null,
    pnl: null,
    closeReason: null,
    userId: IDS.client,
    ...overrides,
  };
}

/**
 * An investment's terms (`ZInvestmentTerms`): 20% over 7 days, once, funded from the balance and
 * not yet approved, unless overridden.
 */
export function makeInvestmentTerms(overrides: Partial<TInvestmentTerms> = {}): TInvestmentTerms {
  return {
    interest: 20,
    duration: 7,
    noOfTimes: 1,
    deposit: null,
    funded: true,
    approvedAt: null,
    maturesAt: null,
    maturedAt: null,
    payoutsTotal: 0,
    payoutsPaid: 0,
    payoutsRejected: 0,
    paidOut: 0,
    ...overrides,
  };
}

/** A KYC submission (`ZKyc`): Ada's national ID, pending review, unless overridden. */
export function makeKyc(overrides: Partial<TKyc> = {}): TKyc {
  return {
    id: IDS.kyc,
    userId: IDS.client,
    user: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    documentType: 'national_id',
    documentNumber: 'C01X00T47',
    fullName: 'Ada Lovelace',
    dateOfBirth: '1990-04-12',
    address: '12 rue de Rivoli, Paris',
    country: 'FR',
    documentImage: '/kyc/document',
    selfieImage: '/kyc/selfie',
    status: 'pending',
    adminNotes: null,
    submittedAt: '2026-03-04T14:05:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    ...overrides,
  };
}

/** A promise the test settles itself: to hold an answer while it looks at the pending state. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A client's money (`ZBalanceSummary`): $500.00 withdrawable unless overridden. */
export function makeBalance(overrides: Partial<TBalanceSummary> = {}): TBalanceSummary {
  return {
    balance: 500,
    tradingBalance: 0,
    profitBalance: 0,
    bonus: 0,
    withdrawalHold: 0,
    totalBalance: 500,
    withdrawable: 500,
    totalDeposit: 500,
    totalWithdrawal: 0,
    totalInvestment: 0,
    realisedProfit: { total: 0, plans: 0, positions: 0, signals: 0 },
    profitCredits: 0,
    ...overrides,
  };
}

/**
 * A client's equity (`ZEquity`): $500.00 cash, nothing committed, unless overridden. The parts and
 * `equity` are the caller's to keep adding up.
 */
export function makeEquity(overrides: Partial<TEquity> = {}): TEquity {
  return {
    equity: 500,
    cash: 500,
    bonus: 0,
    invested: 0,
    margin: 0,
    stakes: 0,
    orders: 0,
    tradingAccount: 0,
    tradingDifference: 0,
    unrealisedPnl: 0,
    positions: [],
    marginLevel: null,
    marginCallLevel: 100,
    closeOutLevel: 50,
    withdrawable: 500,
    withdrawalHold: 0,
    realisedProfit: 0,
    asOf: '2026-03-04T14:05:00.000Z',
    ...overrides,
  };
}

/**
 * The operator's trading terms (`ZTradingTerms`): no commission on any pair unless `commissionBps`
 * names some, a margin call at 100 % and a close-out at 50 %.
 */
export function makeTradingTerms(
  commissionBps: Partial<Record<TPair, number>> = {},
  overrides: Partial<Omit<TTradingTerms, 'commissionBps'>> = {},
): TTradingTerms {
  const none = Object.fromEntries(MARKET_PAIRS.map((pair) => [pair, 0])) as Record<TPair, number>;
  return { commissionBps: { ...none, ...commissionBps }, marginCallLevel: 100, closeOutLevel: 50, ...overrides };
}

/** An investment plan (`ZInvestmentPlan`): Basic Plan, 20% over 30 days, once a day, $100.00 to $10,000.00 unless overridden. */
export function makePlan(overrides: Partial<TInvestmentPlan> = {}): TInvestmentPlan {
  return {
    id: IDS.plan,
    name: 'Basic Plan',
    interest: 20,
    duration: 30,
    noOfTimes: 1,
    minAmount: 100,
    maxAmount: 10_000,
    inUse: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * An in-app message as the list answers it: by default the platform's notice of a completed deposit
 * of $1,234.50 (its key, parameters, link and English words), unread.
 */
export function makeInAppMessage(overrides: Partial<TInAppMessage> = {}): TInAppMessage {
  return {
    id: '77777777-7777-4777-8777-777777777777',
    subject: 'Deposit completed',
    message: 'Your deposit of $1,234.50 via USDT (TRC20) was completed and credited to your account balance.',
    key: 'depositCompleted',
    params: { amount: 1234.5, method: 'USDT (TRC20)' },
    link: `/user/transaction/${IDS.record}`,
    read: false,
    createdAt: '2026-03-01T14:05:00.000Z',
    ...overrides,
  };
}
