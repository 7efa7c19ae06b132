import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZWithdrawalAddressInput } from '@meridian/contracts/address-book';
import { ZPriceAlertInput } from '@meridian/contracts/alerts';
import { ZRejectApprovalInput } from '@meridian/contracts/approvals';
import { ZChangePasswordInput, ZLoginInput, ZRegisterInput } from '@meridian/contracts/auth';
import { ZAdjustmentInput, ZClearBalancesInput } from '@meridian/contracts/balances';
import { ZChainWatchInput } from '@meridian/contracts/chain-deposits';
import { ZPayoutTxInput, ZPayoutWatchInput } from '@meridian/contracts/chain-payouts';
import { ZAlertOnInput, ZClientUpdateBody, ZWithdrawalPermissionInput } from '@meridian/contracts/client-actions';
import { ZCreateClientInput } from '@meridian/contracts/clients';
import type { TStaffRole } from '@meridian/contracts/constants';
import { ZResendVerificationInput, ZVerifyEmailInput } from '@meridian/contracts/email-verification';
import {
  ZInvestFromBalanceInput,
  ZInvestmentStatusInput,
  ZInvestViaDepositInput,
  ZPlanInput,
  ZPlanUpdate,
  ZUpgradeApproveInput,
  ZUpgradeRejectInput,
  ZUpgradeRequestInput,
} from '@meridian/contracts/investments';
import { ZKycApproveInput, ZKycRejectInput, ZKycSubmitBody } from '@meridian/contracts/kyc';
import { ZLanguageInput } from '@meridian/contracts/mail';
import {
  ZDepositMethodInput,
  ZDepositMethodUpdate,
  ZWithdrawalMethodInput,
  ZWithdrawalMethodUpdate,
} from '@meridian/contracts/methods';
import { ZInAppMessageInput } from '@meridian/contracts/notifications';
import { ZEditOrderInput, ZPlaceOrderInput } from '@meridian/contracts/orders';
import { ZRejectPayoutInput } from '@meridian/contracts/payouts';
import { ZClosePositionInput, ZOpenPositionInput, ZPositionProtectionInput } from '@meridian/contracts/positions';
import { ZAdminProfileUpdateInput, ZAvatarUploadBody } from '@meridian/contracts/profile';
import { ZResetPasswordInput, ZTempLoginInput, ZUnlockRequestUpload } from '@meridian/contracts/recovery';
import { ZReserveDeclarationInput } from '@meridian/contracts/reserves';
import { ZEndClientSessionsInput } from '@meridian/contracts/sessions';
import { ZJoinSignalInput, ZSignalInput, ZSignalResultInput } from '@meridian/contracts/signals';
import { ZCreateStaffInput, ZStaffRoleInput } from '@meridian/contracts/staff';
import { ZSupportMessageInput } from '@meridian/contracts/support';
import {
  ZDepositInput,
  ZDepositReferenceInput,
  ZDepositStatusInput,
  ZPayoutReferenceInput,
  ZTransactionStatusInput,
  ZVerifyCodeInput,
  ZWithdrawalInput,
  ZWithdrawalStatusInput,
} from '@meridian/contracts/transactions';
import {
  ZSecondFactorSignInInput,
  ZTwoFactorCodeInput,
  ZTwoFactorConfirmInput,
  ZTwoFactorResetInput,
} from '@meridian/contracts/two-factor';
import { ZWatchlist } from '@meridian/contracts/watchlist';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { inAppMessages } from '../src/db/schema/messages.ts';
import { transactions } from '../src/db/schema/money.ts';
import { createSessionFamily } from '../src/modules/identity/auth/sessions.repository.ts';
import { requestApproval } from '../src/modules/money/approvals/index.ts';
import { recordPayoutTx, setChainWatch, setPayoutWatch } from '../src/modules/money/chain-deposits/index.ts';
import { declareReserve, takeSnapshot } from '../src/modules/money/reserves/index.ts';
import { forgetAddress, insertActiveAddress, placeAddress } from './helpers/address-book-fixtures.ts';
import { asUpload, type TEncoding } from './helpers/bodies.ts';
import { chainWatchForm } from './helpers/chain-fixtures.ts';
import { placeVerificationLink } from './helpers/email-verification.ts';
import { adminClientForm, PASSWORD, registrationForm } from './helpers/factories.ts';
import { makeRoomForDeposit, placeUpgradeRequest, planForm, putOnPlan } from './helpers/investment-fixtures.ts';
import { makeOnlyPending } from './helpers/kyc-fixtures.ts';
import { PASSKEY_ROUTES } from './helpers/passkey-fixtures.ts';
import { placePendingPayout } from './helpers/payout-fixtures.ts';
import {
  ensureFreshPrice,
  placeAlert,
  placeOpenPosition,
  placeRouteOrder,
  routeAlerts,
  routeOrders,
  routePositions,
} from './helpers/position-fixtures.ts';
import { makePending, placeResetToken, placeTempCode } from './helpers/recovery-fixtures.ts';
import type { TRouteFixtures } from './helpers/route-fixtures.ts';
import { placeJoinableSignal, placeTouchedSignal, routeSignals } from './helpers/signal-fixtures.ts';
import { placeRecoveryCode, placeTwoFactor } from './helpers/two-factor.ts';
import { backdateCodes, ensureBalance, fundOpenClients, placeCode } from './helpers/withdrawal-fixtures.ts';

/**
 * Every API route, with who may call it. `authorization-matrix.test.ts` calls each route as each
 * caller and checks the outcome, and fails when the app has a route this table lacks (or the other
 * way round); `bad-input.test.ts` throws malformed input at every route that takes a body or params.
 * Adding a route means adding its row here.
 */

/**
 * The callers. Client A owns the records the path names (`:userId` is A's id); client B is another
 * client naming A's id. Signed-in callers send their bearer token and refresh cookie, as a browser does.
 */
export const CALLERS = ['anonymous', 'clientA', 'clientB', 'agent', 'admin'] as const;
export type TCallerName = (typeof CALLERS)[number];

/**
 * What a caller gets:
 * - `ok`: a 2xx;
 * - `unauthenticated`: 401 (no or no valid credentials);
 * - `forbidden`: 403 (signed in, but the wrong type of user);
 * - `notYours`: 403 or 404, and nothing of the owner's record in the body;
 * - `refused`: let in, then refused for what the caller's own account is (400 or 409: a second factor
 *   that is not on, or one an admin cannot turn off), nothing changed.
 */
export type TAccess = 'ok' | 'unauthenticated' | 'forbidden' | 'notYours' | 'refused';

export interface TOwner {
  id: string;
  email: string;
  password: string;
}

export interface TRouteContext {
  /** Client A, whose id fills `:userId`. */
  owner: TOwner;
  /** The admin caller (for a route only an admin may call on themself: their own profile). */
  admin: TOwner;
  /** Records the rows name (methods, the owner's deposits), from `createRouteFixtures`. */
  fixtures: TRouteFixtures;
}

export interface TRouteBody {
  /** The contract schema the route validates the body with; tells required fields from optional ones. */
  schema: { shape: Record<string, z.ZodType> };
  /** A valid body. Calling it again gives a fresh one (registration needs a new email each time). */
  sample: (ctx: TRouteContext) => Record<string, unknown>;
  /** The content types the route takes the body in. */
  encodings: readonly TEncoding[];
}

export interface TRouteRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path exactly as registered; each `:param` is filled from `params`. */
  url: `/api/${string}`;
  /** Values of the path's params; by default `:userId` is the owner's id. */
  params?: (ctx: TRouteContext) => Record<string, string>;
  body?: TRouteBody;
  access: Record<TCallerName, TAccess>;
  /**
   * Runs before each call of the row in the authorization matrix, for a row whose success needs
   * the owner's records in a state earlier calls may have changed (a fresh withdrawal code, funds).
   */
  prepare?: (app: FastifyInstance, ctx: TRouteContext) => Promise<void>;
  /**
   * A query string the call carries (without `?`): for a route that needs one to succeed, and for the
   * market stream, whose `once=1` makes it end after the snapshot so the injected call finishes.
   */
  query?: string;
}

/** The in-app message the DELETE row removes (re-created by its `prepare`). */
const IN_APP_MESSAGE_ID = '5b0c6f4e-7a1d-4c3e-9f2a-0d1e2f3a4b5c';

const everyone: Record<TCallerName, TAccess> = {
  anonymous: 'ok',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'ok',
  admin: 'ok',
};

const FORMS = ['json', 'urlencoded', 'multipart'] as const;

// --- money: methods, deposits, transactions, investments, balance --------------------------------

/** A route on the owner's records: the owner and admins, not another client, not an agent. */
const ownerOrAdmin: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'notYours',
  agent: 'forbidden',
  admin: 'ok',
};
const adminOnly: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'forbidden',
  clientB: 'forbidden',
  agent: 'forbidden',
  admin: 'ok',
};
const clientsAndAdmins: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'forbidden',
  admin: 'ok',
};
/** Watches a deposit method (a node nobody runs), for the rows that need a watch to exist. */
/** A watch of a withdrawal method's token payouts on a node nobody runs (docs/money.md, "Withdrawals paid on chain"). */
const payoutWatchForm = () => ({
  chain: 'ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  confirmations: 3,
  asset: 'erc20',
  tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  tokenDecimals: 6,
  explorerTxUrl: 'https://etherscan.io/tx/{tx}',
});
async function watchPayouts(app: FastifyInstance, adminId: string, methodId: string): Promise<void> {
  await setPayoutWatch(app.db, adminId, methodId, ZPayoutWatchInput.parse(payoutWatchForm()));
}
async function watchMethod(app: FastifyInstance, adminId: string, methodId: string): Promise<void> {
  await setChainWatch(app.db, adminId, methodId, ZChainWatchInput.parse(chainWatchForm()));
}
const depositMethodForm = () => ({
  name: 'USDT (ERC20)',
  value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
  description: 'Tether on Ethereum',
  minAmount: 10,
  maxAmount: 50000,
});
const withdrawalMethodForm = () => ({
  name: 'Ethereum (ETH)',
  description: 'Ether on Ethereum',
  minAmount: 10,
  maxAmount: 50000,
});

/** The owner's Pending deposits other rows decide or delete: kept when a row makes room for a new one. */
const decidedDeposits = ({ fixtures }: TRouteContext) => [
  fixtures.depositToDecideId,
  fixtures.depositToDeleteId,
  fixtures.transactionToDecideId,
  fixtures.transactionToDeleteId,
];
/** A SHA-256 of nothing: the shape of a TRON (and Bitcoin) transaction hash. */
const SAMPLE_TX_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const MONEY_ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/depositmethod', access: everyone },
  {
    method: 'GET',
    url: '/api/depositmethod/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    access: everyone,
  },
  {
    method: 'GET',
    url: '/api/depositmethod/:id/qr',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    access: everyone,
  },
  {
    method: 'POST',
    url: '/api/depositmethod',
    body: { schema: ZDepositMethodInput, sample: depositMethodForm, encodings: FORMS },
    access: adminOnly,
  },
  // Deposits seen on chain: the rows watch the method first (a node nobody runs; no job run reads it).
  {
    method: 'GET',
    url: '/api/depositmethod/:id/address',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    prepare: (app, { admin, fixtures }) => watchMethod(app, admin.id, fixtures.depositMethodId),
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'forbidden', admin: 'forbidden' },
  },
  {
    method: 'GET',
    url: '/api/depositmethod/:id/watch',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    prepare: (app, { admin, fixtures }) => watchMethod(app, admin.id, fixtures.depositMethodId),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/depositmethod/:id/watch',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    body: { schema: ZChainWatchInput, sample: () => chainWatchForm(), encodings: ['json'] },
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/depositmethod',
    body: {
      schema: ZDepositMethodUpdate,
      sample: ({ fixtures }) => ({ id: fixtures.depositMethodToUpdateId, ...depositMethodForm() }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/depositmethod/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodToDeleteId }),
    access: adminOnly,
  },
  { method: 'GET', url: '/api/withdrawalmethod', access: clientsAndAdmins },
  {
    method: 'GET',
    url: '/api/withdrawalmethod/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalMethodId }),
    access: clientsAndAdmins,
  },
  {
    method: 'POST',
    url: '/api/withdrawalmethod',
    body: { schema: ZWithdrawalMethodInput, sample: withdrawalMethodForm, encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/withdrawalmethod',
    body: {
      schema: ZWithdrawalMethodUpdate,
      sample: ({ fixtures }) => ({ id: fixtures.withdrawalMethodToUpdateId, ...withdrawalMethodForm() }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/withdrawalmethod/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalMethodToDeleteId }),
    access: adminOnly,
  },
  {
    // Only the client themself declares a deposit; client B naming A in `user` is refused. Its prepare
    // keeps A under MAX_PENDING_DEPOSITS whatever ran before.
    method: 'POST',
    url: '/api/deposit',
    prepare: (app, ctx) => makeRoomForDeposit(app, ctx.owner.id, decidedDeposits(ctx)),
    body: {
      schema: ZDepositInput,
      sample: ({ owner, fixtures }) => ({ amount: 100, depositMethod: fixtures.depositMethodId, user: owner.id }),
      encodings: FORMS,
    },
    access: {
      anonymous: 'unauthenticated',
      clientA: 'ok',
      clientB: 'notYours',
      agent: 'forbidden',
      admin: 'forbidden',
    },
  },
  {
    // Only the client who declared the deposit, while it is Pending (its prepare opens it again).
    method: 'PUT',
    url: '/api/deposit/reference/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositToReferenceId }),
    prepare: async (app, { fixtures }) => {
      await app.db
        .update(transactions)
        .set({ status: 'Pending' })
        .where(eq(transactions.id, fixtures.depositToReferenceId));
    },
    body: {
      schema: ZDepositReferenceInput,
      sample: () => ({ reference: SAMPLE_TX_HASH, senderAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }),
      encodings: FORMS,
    },
    access: {
      anonymous: 'unauthenticated',
      clientA: 'ok',
      clientB: 'notYours',
      agent: 'forbidden',
      admin: 'forbidden',
    },
  },
  { method: 'GET', url: '/api/deposit/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/deposit', access: adminOnly },
  {
    method: 'PUT',
    url: '/api/deposit/status/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositToDecideId }),
    body: { schema: ZDepositStatusInput, sample: () => ({ status: 'Declined' }), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/deposit/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositToDeleteId }),
    access: adminOnly,
  },
  { method: 'GET', url: '/api/transaction/user/:userId', access: ownerOrAdmin },
  {
    method: 'GET',
    url: '/api/transaction/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositId }),
    access: ownerOrAdmin,
  },
  { method: 'GET', url: '/api/transaction', access: adminOnly },
  {
    method: 'PUT',
    url: '/api/transaction/status/:id',
    params: ({ fixtures }) => ({ id: fixtures.transactionToDecideId }),
    body: { schema: ZTransactionStatusInput, sample: () => ({ status: 'Declined' }), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/transaction/:id',
    params: ({ fixtures }) => ({ id: fixtures.transactionToDeleteId }),
    access: adminOnly,
  },
  { method: 'GET', url: '/api/admin/charts/transactions', query: 'days=7', access: adminOnly },
  { method: 'GET', url: '/api/investment/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/investment', access: adminOnly },
  { method: 'GET', url: '/api/balance/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/equity/:userId', access: ownerOrAdmin },
];

// --- money: withdrawals, admin balance actions, audit log and outbox -----------------------------

/** Any client (their own records: joins, orders, alerts), not an admin or agent. */
const clientsOnly: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'forbidden',
  admin: 'forbidden',
};

const ownClientOnly: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'notYours',
  agent: 'forbidden',
  admin: 'forbidden',
};
/** A client's own statement: any client (their own), not an admin or agent (they have the admin route). */
const clientsOnlyStatement: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'forbidden',
  admin: 'forbidden',
};
/** The last 30 days as a CSV statement. */
const STATEMENT_QUERY = `format=csv&from=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
const adjustment = { schema: ZAdjustmentInput, sample: () => ({ amount: 10, reason: 'Goodwill' }), encodings: FORMS };

/** The address the address book's POST row saves, and the owner's saved address its DELETE row removes. */
/** The failed mail the resend row sends again (re-marked failed by its `prepare`). */
const FAILED_MAIL_ID = '3c9d2e7f-6a1b-4d8c-9e0f-1a2b3c4d5e6f';
const SAVED_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const SAVED_ADDRESS_ID = '7d3f1c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d';

const WITHDRAWAL_ROUTES: readonly TRouteRow[] = [
  {
    method: 'POST',
    url: '/api/withdrawal-auth/generate-code/:userId',
    prepare: (app, { owner }) => backdateCodes(app, owner.id),
    access: ownClientOnly,
  },
  {
    method: 'POST',
    url: '/api/withdrawal-auth/verify-code/:userId',
    prepare: async (app, { owner }) => {
      await placeCode(app, owner.id, '123456');
    },
    body: { schema: ZVerifyCodeInput, sample: () => ({ code: '123456' }), encodings: FORMS },
    access: ownClientOnly,
  },
  {
    // Client B naming A in `user` is refused; an admin does not withdraw for a client.
    method: 'POST',
    url: '/api/withdrawal',
    prepare: async (app, { owner, fixtures }) => {
      await ensureBalance(app, owner.id, 10_000n);
      await placeCode(app, owner.id, '123456', { verified: true });
      await insertActiveAddress(
        app,
        owner.id,
        fixtures.withdrawalMethodId,
        'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      );
    },
    body: {
      schema: ZWithdrawalInput,
      sample: ({ owner, fixtures }) => ({
        amount: 20,
        address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        withdrawalMethod: fixtures.withdrawalMethodId,
        user: owner.id,
      }),
      encodings: FORMS,
    },
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/withdrawal/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/withdrawal/limits/:userId', access: ownerOrAdmin },
  // The address book: a client saves and removes their own addresses; an admin may read a client's.
  { method: 'GET', url: '/api/withdrawal-address/user/:userId', access: ownerOrAdmin },
  {
    // Client B saves an address of their own: allowed, and nothing of the owner's is touched.
    method: 'POST',
    url: '/api/withdrawal-address',
    prepare: (app) => forgetAddress(app, SAVED_ADDRESS),
    body: {
      schema: ZWithdrawalAddressInput,
      sample: ({ fixtures }) => ({
        methodId: fixtures.withdrawalMethodId,
        address: SAVED_ADDRESS,
        label: 'Cold wallet',
      }),
      encodings: FORMS,
    },
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'forbidden', admin: 'forbidden' },
  },
  {
    method: 'DELETE',
    url: '/api/withdrawal-address/:id',
    params: () => ({ id: SAVED_ADDRESS_ID }),
    prepare: (app, { owner, fixtures }) =>
      placeAddress(app, {
        id: SAVED_ADDRESS_ID,
        userId: owner.id,
        methodId: fixtures.withdrawalMethodId,
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/withdrawal', access: adminOnly },
  {
    method: 'PUT',
    url: '/api/withdrawal/status/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalToDecideId }),
    body: { schema: ZWithdrawalStatusInput, sample: () => ({ status: 'Declined' }), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/withdrawalmethod/:id/watch',
    params: ({ fixtures }) => ({ id: fixtures.payoutMethodId }),
    prepare: (app, { admin, fixtures }) => watchPayouts(app, admin.id, fixtures.payoutMethodId),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/withdrawalmethod/:id/watch',
    params: ({ fixtures }) => ({ id: fixtures.payoutMethodId }),
    body: { schema: ZPayoutWatchInput, sample: () => payoutWatchForm(), encodings: ['json'] },
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/withdrawal/payout/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalOnChainId }),
    prepare: (app, { admin, fixtures }) => watchPayouts(app, admin.id, fixtures.payoutMethodId),
    body: { schema: ZPayoutTxInput, sample: () => ({ txHash: `0x${SAMPLE_TX_HASH}` }), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/withdrawal/payout/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalOnChainId }),
    prepare: async (app, { admin, fixtures }) => {
      await watchPayouts(app, admin.id, fixtures.payoutMethodId);
      await recordPayoutTx(
        app.db,
        admin.id,
        fixtures.withdrawalOnChainId,
        { txHash: `0x${SAMPLE_TX_HASH}` },
        () => null,
      );
    },
    access: ownerOrAdmin,
  },
  {
    method: 'PUT',
    url: '/api/withdrawal/reference/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalCompletedId }),
    body: { schema: ZPayoutReferenceInput, sample: () => ({ reference: SAMPLE_TX_HASH }), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/withdrawal/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalToDeleteId }),
    access: adminOnly,
  },
  { method: 'POST', url: '/api/user/fund/:userId', body: adjustment, access: adminOnly },
  {
    method: 'POST',
    url: '/api/user/debit/:userId',
    prepare: (app, { owner }) => ensureBalance(app, owner.id, 1_000n),
    body: adjustment,
    access: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/trade/profit/:id',
    params: ({ owner }) => ({ id: owner.id }),
    body: adjustment,
    access: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/user/clear-balances/:id',
    params: ({ owner }) => ({ id: owner.id }),
    body: { schema: ZClearBalancesInput, sample: () => ({ reason: 'Account closed' }), encodings: FORMS },
    access: adminOnly,
  },
  { method: 'GET', url: '/api/admin/audit', access: adminOnly },
  { method: 'GET', url: '/api/admin/outbox', access: adminOnly },
  {
    // Only a failed mail can be resent: each call finds one (its `prepare` marks it failed again).
    method: 'POST',
    url: '/api/admin/outbox/:id/resend',
    params: () => ({ id: FAILED_MAIL_ID }),
    prepare: async (app) => {
      const failed = {
        to: 'failed.mail@example.com',
        subject: 'A mail that failed',
        text: 'Hello',
        transport: 'smtp',
        status: 'failed',
        attempts: 8,
        lastError: 'Error ECONNECTION',
      } as const;
      await app.db
        .insert(mailOutbox)
        .values({ id: FAILED_MAIL_ID, ...failed })
        .onConflictDoUpdate({ target: mailOutbox.id, set: failed });
    },
    access: adminOnly,
  },
  { method: 'GET', url: '/api/admin/ledger/verify', access: adminOnly },
  { method: 'GET', url: '/api/statement', query: STATEMENT_QUERY, access: clientsOnlyStatement },
  { method: 'GET', url: '/api/admin/statement/:userId', query: STATEMENT_QUERY, access: adminOnly },
];

// --- investment plans, investing and plan upgrades -----------------------------------------------

const INVESTMENT_ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/investmentplan', access: clientsAndAdmins },
  { method: 'GET', url: '/api/public/plans', access: everyone },
  {
    method: 'GET',
    url: '/api/investmentplan/:id',
    params: ({ fixtures }) => ({ id: fixtures.planId }),
    access: clientsAndAdmins,
  },
  {
    method: 'POST',
    url: '/api/investmentplan',
    body: { schema: ZPlanInput, sample: () => planForm(), encodings: FORMS },
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/investmentplan',
    body: {
      schema: ZPlanUpdate,
      sample: ({ fixtures }) => ({ ...planForm(), id: fixtures.planToUpdateId, name: 'Route Plan Edited' }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/investmentplan/:id',
    params: ({ fixtures }) => ({ id: fixtures.planToDeleteId }),
    access: adminOnly,
  },
  {
    // Only the client themself; its prepare keeps A under MAX_PENDING_DEPOSITS whatever ran before.
    method: 'POST',
    url: '/api/investment',
    prepare: (app, ctx) => makeRoomForDeposit(app, ctx.owner.id, decidedDeposits(ctx)),
    body: {
      schema: ZInvestViaDepositInput,
      sample: ({ owner, fixtures }) => ({
        amount: 100,
        depositMethod: fixtures.depositMethodId,
        user: owner.id,
        investmentPlan: fixtures.planId,
      }),
      encodings: FORMS,
    },
    access: ownClientOnly,
  },
  {
    method: 'POST',
    url: '/api/investment/invest-from-balance',
    prepare: (app, { owner }) => ensureBalance(app, owner.id, 10_000n),
    body: {
      schema: ZInvestFromBalanceInput,
      sample: ({ owner, fixtures }) => ({ amount: 100, user: owner.id, investmentPlan: fixtures.planId }),
      encodings: FORMS,
    },
    access: ownClientOnly,
  },
  {
    method: 'PUT',
    url: '/api/investment/status/:id',
    params: ({ fixtures }) => ({ id: fixtures.investmentToDecideId }),
    body: { schema: ZInvestmentStatusInput, sample: () => ({ status: 'Declined' }), encodings: FORMS },
    access: adminOnly,
  },
  {
    // The owner is on one plan with nothing pending before each call, and asks for the other.
    method: 'POST',
    url: '/api/investment/upgrade',
    prepare: (app, { owner, fixtures }) => putOnPlan(app, owner.id, fixtures.planId),
    body: {
      schema: ZUpgradeRequestInput,
      sample: ({ owner, fixtures }) => ({ userId: owner.id, newPlanId: fixtures.upgradePlanId }),
      encodings: ['json'],
    },
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/investment/upgrade/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/user/upgrade-requests', access: adminOnly },
  {
    method: 'POST',
    url: '/api/investment/upgrade/approve',
    prepare: (app, { owner, fixtures }) => placeUpgradeRequest(app, owner.id, fixtures.planId, fixtures.upgradePlanId),
    body: {
      schema: ZUpgradeApproveInput,
      sample: ({ owner, fixtures }) => ({ userId: owner.id, newPlanId: fixtures.upgradePlanId }),
      encodings: ['json'],
    },
    access: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/investment/upgrade/reject',
    prepare: (app, { owner, fixtures }) => placeUpgradeRequest(app, owner.id, fixtures.planId, fixtures.upgradePlanId),
    body: {
      schema: ZUpgradeRejectInput,
      sample: ({ owner }) => ({ userId: owner.id, reason: 'Not eligible for this plan yet' }),
      encodings: ['json'],
    },
    access: adminOnly,
  },
];

// --- payouts ("trades") ----------------------------------------------------------------------------

/** The owner's payout that the Reject row rejects (put back to Pending by its `prepare`). */
const PAYOUT_ID = '0f3e6a2b-5c4d-4e8f-9a1b-2c3d4e5f6a7b';

const PAYOUT_ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/trade/pending', access: adminOnly },
  { method: 'GET', url: '/api/trade/due_trade', access: adminOnly },
  { method: 'GET', url: '/api/trade/rejected', access: adminOnly },
  { method: 'POST', url: '/api/trade', access: adminOnly },
  {
    method: 'POST',
    url: '/api/trade/reject/:id',
    params: () => ({ id: PAYOUT_ID }),
    prepare: (app, { owner }) => placePendingPayout(app, owner.id, PAYOUT_ID),
    body: { schema: ZRejectPayoutInput, sample: () => ({ reason: 'Broker error' }), encodings: FORMS },
    access: adminOnly,
  },
  { method: 'GET', url: '/api/trade/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/trade/activities/:userId', access: ownerOrAdmin },
];

// --- positions ------------------------------------------------------------------------------------

/** Each close or read row acts on a position of the owner opened by its `prepare` (1:1 buys: no stop-out). */
const POSITION_ROUTES: readonly TRouteRow[] = [
  {
    method: 'POST',
    url: '/api/position',
    prepare: (app, { owner }) => ensureBalance(app, owner.id, 10_000n),
    body: {
      schema: ZOpenPositionInput,
      sample: ({ owner }) => ({
        asset: 'BTC/USD',
        amount: 10,
        leverage: 1,
        expiration: 30,
        type: 'buy',
        userId: owner.id,
      }),
      encodings: FORMS,
    },
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/position/user/:userId', access: ownerOrAdmin },
  {
    method: 'GET',
    url: '/api/position/:id',
    params: () => ({ id: routePositions.toRead }),
    prepare: (app, { owner }) => placeOpenPosition(app, owner.id, 'toRead'),
    access: ownerOrAdmin,
  },
  {
    method: 'POST',
    url: '/api/position/:id/close',
    params: () => ({ id: routePositions.toClose }),
    prepare: (app, { owner }) => placeOpenPosition(app, owner.id, 'toClose'),
    access: ownClientOnly,
  },
  {
    method: 'PUT',
    url: '/api/position/:id/protection',
    params: () => ({ id: routePositions.toProtect }),
    prepare: (app, { owner }) => placeOpenPosition(app, owner.id, 'toProtect'),
    // Removing both levels is right at any price.
    body: {
      schema: ZPositionProtectionInput,
      sample: () => ({ takeProfit: null, stopLoss: null }),
      encodings: ['json'],
    },
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/position', access: adminOnly },
  { method: 'GET', url: '/api/trading-terms', access: clientsOnly },
  {
    method: 'POST',
    url: '/api/orders',
    prepare: async (app) => {
      await fundOpenClients(app, 1_000n);
      ensureFreshPrice(app, 'BTC/USD');
    },
    // A buy limit far below any price: it never fills.
    body: {
      schema: ZPlaceOrderInput,
      sample: () => ({
        asset: 'BTC/USD',
        type: 'buy',
        kind: 'limit',
        price: 1,
        amount: 10,
        leverage: 1,
        expiration: null,
        goodUntil: null,
      }),
      encodings: ['json'],
    },
    access: clientsOnly,
  },
  { method: 'GET', url: '/api/orders', access: clientsOnly },
  {
    method: 'PUT',
    url: '/api/orders/:id',
    params: () => ({ id: routeOrders.toEdit }),
    prepare: (app, { owner }) => placeRouteOrder(app, owner.id, 'toEdit'),
    body: {
      schema: ZEditOrderInput,
      sample: () => ({ price: 2, takeProfit: null, stopLoss: null, goodUntil: null }),
      encodings: ['json'],
    },
    access: ownClientOnly,
  },
  {
    method: 'POST',
    url: '/api/orders/:id/cancel',
    params: () => ({ id: routeOrders.toCancel }),
    prepare: (app, { owner }) => placeRouteOrder(app, owner.id, 'toCancel'),
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/orders/all', access: adminOnly },
  {
    method: 'POST',
    url: '/api/position/close-at-market/:id',
    params: () => ({ id: routePositions.toCloseAtMarket }),
    prepare: (app, { owner }) => placeOpenPosition(app, owner.id, 'toCloseAtMarket'),
    body: {
      schema: ZClosePositionInput,
      sample: () => ({ reason: 'Risk limit reached for this client' }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
];

// --- signals --------------------------------------------------------------------------------------

/** A signal opening in 30 minutes and closing in 4 hours (Fill Sample Data). */
const signalForm = () => ({
  title: 'BTC breakout',
  description: 'Bitcoin above its range: long towards the next resistance.',
  asset: 'BTC/USD',
  entryPrice: 65000,
  targetPrice: 67000.5,
  percentageReturn: 12.5,
  minEntryAmount: 100,
  scheduleTime: new Date(Date.now() + 30 * 60_000).toISOString(),
  closingTime: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
});

/**
 * Each join row joins a fresh pending signal (its `prepare` also funds the clients); the evidence and
 * settle rows name a fresh signal whose recorded prices touched its target.
 */
const SIGNAL_ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/signal/active', access: clientsAndAdmins },
  {
    method: 'POST',
    url: '/api/signal/:id/join',
    params: () => ({ id: routeSignals.toJoin }),
    prepare: (app) => placeJoinableSignal(app),
    body: { schema: ZJoinSignalInput, sample: () => ({ entryAmount: 5 }), encodings: ['json'] },
    access: clientsOnly,
  },
  { method: 'GET', url: '/api/signal/my-trades', access: clientsOnly },
  { method: 'GET', url: '/api/watchlist', access: clientsOnly },
  { method: 'GET', url: '/api/alerts', access: clientsOnly },
  {
    method: 'POST',
    url: '/api/alerts',
    prepare: async (app) => ensureFreshPrice(app, 'BTC/USD'),
    // A level no price reaches.
    body: {
      schema: ZPriceAlertInput,
      sample: () => ({ pair: 'BTC/USD', direction: 'above', price: 99_999_999 }),
      encodings: ['json'],
    },
    access: clientsOnly,
  },
  {
    method: 'DELETE',
    url: '/api/alerts/:id',
    params: () => ({ id: routeAlerts.toDelete }),
    prepare: (app, { owner }) => placeAlert(app, owner.id),
    access: ownClientOnly,
  },
  {
    method: 'PUT',
    url: '/api/watchlist',
    body: { schema: ZWatchlist, sample: () => ({ pairs: ['SOL/USD', 'BTC/USD'] }), encodings: ['json'] },
    access: clientsOnly,
  },
  {
    method: 'POST',
    url: '/api/signal/create',
    body: { schema: ZSignalInput, sample: signalForm, encodings: ['json'] },
    access: adminOnly,
  },
  { method: 'GET', url: '/api/signal/all', access: adminOnly },
  {
    method: 'GET',
    url: '/api/signal/:id/evidence',
    params: () => ({ id: routeSignals.withEvidence }),
    prepare: (app) => placeTouchedSignal(app, 'withEvidence'),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/signal/:id/result',
    params: () => ({ id: routeSignals.toSettle }),
    prepare: (app) => placeTouchedSignal(app, 'toSettle'),
    body: { schema: ZSignalResultInput, sample: () => ({ result: 'gain' }), encodings: ['json'] },
    access: adminOnly,
  },
];

/** The public support form and the admin's message requests. */
const SUPPORT_ROUTES: TRouteRow[] = [
  {
    method: 'POST',
    url: '/api/messagereq',
    body: {
      schema: ZSupportMessageInput,
      sample: () => ({
        name: 'Ada Visitor',
        email: 'ada.visitor@example.com',
        phone: '+1 555 010 9999',
        message: 'I would like to know more about the VIP plan.',
      }),
      encodings: FORMS,
    },
    access: everyone,
  },
  { method: 'GET', url: '/api/messagereq', access: adminOnly },
  {
    method: 'GET',
    url: '/api/messagereq/:id',
    params: ({ fixtures }) => ({ id: fixtures.supportMessageId }),
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/messagereq/:id',
    params: ({ fixtures }) => ({ id: fixtures.supportMessageToDeleteId }),
    access: adminOnly,
  },
];

/** The admin's account controls on the client detail page and the client update. */
const ownerAsId = ({ owner }: TRouteContext) => ({ id: owner.id });
const CLIENT_ACTION_ROUTES: TRouteRow[] = [
  {
    // A client of its own: deactivating the owner would sign client A out of the rows after it.
    method: 'POST',
    url: '/api/user/deactivate/:id',
    params: ({ fixtures }) => ({ id: fixtures.clientToDeactivateId }),
    access: adminOnly,
  },
  { method: 'POST', url: '/api/user/activate/:id', params: ownerAsId, access: adminOnly },
  { method: 'POST', url: '/api/client/verify/:id', params: ownerAsId, access: adminOnly },
  { method: 'POST', url: '/api/client/unverify/:id', params: ownerAsId, access: adminOnly },
  {
    // Enabled, so the owner's withdrawal rows keep working whatever the order.
    method: 'POST',
    url: '/api/client/withdrawals/:id',
    params: ownerAsId,
    body: { schema: ZWithdrawalPermissionInput, sample: () => ({ enabled: true }), encodings: ['json'] },
    access: adminOnly,
  },
  ...(['onmain', 'onsec', 'onplan'] as const).map(
    (path): TRouteRow => ({
      method: 'POST',
      url: `/api/client/${path}/:id`,
      params: ownerAsId,
      body: { schema: ZAlertOnInput, sample: () => ({ message: 'Scheduled maintenance tonight' }), encodings: FORMS },
      access: adminOnly,
    }),
  ),
  ...(['offmain', 'offsec', 'offplan'] as const).map(
    (path): TRouteRow => ({ method: 'POST', url: `/api/client/${path}/:id`, params: ownerAsId, access: adminOnly }),
  ),
  {
    // The owner keeps their email (the login row signs in with it) and gets a username of their own.
    method: 'PUT',
    url: '/api/client/:userId',
    body: {
      schema: ZClientUpdateBody,
      sample: ({ owner }) => ({
        firstname: 'Ada',
        lastname: 'Owner',
        username: `owner_${owner.id.slice(0, 8)}`,
        email: owner.email,
        phone: '+1 555 0101',
        country: 'GB',
        address: '2 Owner Street',
      }),
      encodings: FORMS,
    },
    access: ownerOrAdmin,
  },
];

/** Client management and the dashboard's numbers: list, search, add, delete, stats. */
const CLIENT_MANAGEMENT_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/client', access: adminOnly },
  { method: 'GET', url: '/api/client/search', query: 'search=Ada', access: adminOnly },
  {
    method: 'POST',
    url: '/api/admin/client',
    body: { schema: ZCreateClientInput, sample: () => adminClientForm(), encodings: FORMS },
    access: adminOnly,
  },
  {
    // A zero-balance client of its own: closing is final, and only the admin's call succeeds.
    method: 'DELETE',
    url: '/api/client/:userId',
    params: ({ fixtures }) => ({ userId: fixtures.clientToCloseId }),
    access: adminOnly,
  },
  { method: 'GET', url: '/api/admin/stats', access: adminOnly },
  { method: 'GET', url: '/api/admin/stats/series', query: 'days=7', access: adminOnly },
];

/** Public market data. */
const MARKET_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/market/quotes', access: everyone },
  { method: 'GET', url: '/api/market/candles', query: 'pair=BTC%2FUSD', access: everyone },
  { method: 'GET', url: '/api/market/stream', query: 'once=1', access: everyone },
  // The caller's own live account updates; `once=1` ends it after the opening, like the market stream.
  { method: 'GET', url: '/api/live/events', query: 'once=1', access: clientsAndAdmins },
];

/** A picture the news feed named, on a local stand-in for the provider's image host. */
let newsPicture: { url: string; key: string } | undefined;
async function placeNewsPicture(app: FastifyInstance) {
  if (!newsPicture) {
    const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    host.unref();
    newsPicture = { url: `http://127.0.0.1:${(host.address() as AddressInfo).port}/news.png`, key: '' };
  }
  newsPicture.key = app.news.images.register(newsPicture.url);
}

/** Public news, operator content and computed figures. */
const CONTENT_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/crypto-news', access: everyone },
  {
    method: 'GET',
    url: '/api/crypto-news/images/:key',
    params: () => ({ key: newsPicture?.key ?? '' }),
    prepare: placeNewsPicture,
    access: everyone,
  },
  { method: 'GET', url: '/api/content', access: everyone },
  {
    method: 'GET',
    url: '/api/content/legal/:document',
    params: () => ({ document: 'risk-disclosure' }),
    access: everyone,
  },
  { method: 'GET', url: '/api/public/stats', access: everyone },
  { method: 'GET', url: '/api/public/activity', access: everyone },
];

/** Profiles and avatars. */
/** A 1×1 PNG: the smallest real image an upload accepts. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The avatar the public GET row serves, put in the file store before each call. */
const AVATAR_FILE = '0b6f1c9e-2d4a-4f7b-8c3e-5a6d7e8f9a0b.png';
const PROFILE_ROUTES: TRouteRow[] = [
  {
    method: 'PUT',
    url: '/api/me/language',
    body: { schema: ZLanguageInput, sample: () => ({ language: 'fr' }), encodings: ['json'] },
    access: clientsAndAdmins,
  },
  {
    method: 'PUT',
    url: '/api/user/profile/:userId',
    body: { schema: ZAvatarUploadBody, sample: () => ({ image: TINY_PNG }), encodings: ['multipart'] },
    access: ownerOrAdmin,
  },
  {
    method: 'GET',
    url: '/api/avatars/:file',
    params: () => ({ file: AVATAR_FILE }),
    prepare: async (app) => {
      await app.files.put(`avatars/${AVATAR_FILE}`, { data: TINY_PNG, contentType: 'image/png' });
    },
    access: everyone,
  },
  { method: 'GET', url: '/api/admin/:id', params: ({ admin }) => ({ id: admin.id }), access: adminOnly },
  {
    // Only the admin themself; the sample keeps their email (they sign in with it) and username.
    method: 'PUT',
    url: '/api/admin/:id',
    params: ({ admin }) => ({ id: admin.id }),
    body: {
      schema: ZAdminProfileUpdateInput,
      sample: ({ admin }) => ({
        firstname: 'Admin',
        lastname: 'Tester',
        username: `admin_${admin.id.slice(0, 8)}`,
        email: admin.email,
        phone: '+1 555 0199',
      }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
];

// --- KYC: submission by the client themself, review by admins ------------------------------------
const kycRead = ({ fixtures }: TRouteContext) => ({ kycId: fixtures.kycId });
const kycToReview = ({ fixtures }: TRouteContext) => ({ kycId: fixtures.kycToReviewId });
const KYC_ROUTES: TRouteRow[] = [
  {
    // Client A only (not even an admin submits for a client); its prepare clears A's pending one.
    method: 'POST',
    url: '/api/kyc/submit/:userId',
    body: {
      schema: ZKycSubmitBody,
      sample: () => ({
        documentType: 'passport',
        documentNumber: 'P1234567',
        fullName: 'Owner Client',
        dateOfBirth: '1990-05-01',
        country: 'GB',
        address: '1 Owner Street',
        documentImage: TINY_PNG,
        selfieImage: TINY_PNG,
      }),
      encodings: ['multipart'],
    },
    prepare: (app, { owner }) => makeOnlyPending(app, owner.id, null),
    access: {
      anonymous: 'unauthenticated',
      clientA: 'ok',
      clientB: 'notYours',
      agent: 'forbidden',
      admin: 'forbidden',
    },
  },
  { method: 'GET', url: '/api/kyc/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/kyc/pending', access: adminOnly },
  { method: 'GET', url: '/api/kyc/all', access: adminOnly },
  { method: 'GET', url: '/api/kyc/:kycId', params: kycRead, access: ownerOrAdmin },
  { method: 'GET', url: '/api/kyc/:kycId/document-image', params: kycRead, access: ownerOrAdmin },
  { method: 'GET', url: '/api/kyc/:kycId/selfie-image', params: kycRead, access: ownerOrAdmin },
  {
    // The fixture is decided until this prepare makes it pending, so bad input always meets a 4xx.
    method: 'PUT',
    url: '/api/kyc/approve/:kycId',
    params: kycToReview,
    body: { schema: ZKycApproveInput, sample: () => ({ notes: 'Documents match' }), encodings: ['json'] },
    prepare: (app, { owner, fixtures }) => makeOnlyPending(app, owner.id, fixtures.kycToReviewId),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/kyc/reject/:kycId',
    params: kycToReview,
    body: { schema: ZKycRejectInput, sample: () => ({ notes: 'Photo is blurry' }), encodings: ['json'] },
    prepare: (app, { owner, fixtures }) => makeOnlyPending(app, owner.id, fixtures.kycToReviewId),
    access: adminOnly,
  },
];

/** Recovery: unlock and password requests, temporary codes, reset links. */
const RECOVERY_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const RECOVERY_TEMP_CODE = 'RT4K9Q';
const RECOVERY_RESET_TOKEN = 'fixture-reset-token-0123456789abcdefghijklmno';
/** The token of the verification link the POST /api/email-verification row follows. */
const VERIFICATION_TOKEN = 'fixture-verification-token-0123456789abcdefgh';
const recoveryUpload = {
  schema: ZUnlockRequestUpload,
  sample: ({ fixtures }: TRouteContext) => ({
    email: fixtures.recoveryRequest.email,
    verificationImage: RECOVERY_PHOTO,
  }),
  encodings: ['multipart'],
} as const;
const RECOVERY_ROUTES: TRouteRow[] = [
  // Public, and the same answer whoever asks; the recovery client's pending request gets the photo.
  { method: 'POST', url: '/api/unlock/request', body: recoveryUpload, access: everyone },
  { method: 'POST', url: '/api/unlock/forgot-password', body: recoveryUpload, access: everyone },
  {
    // A fresh, untried code before each call: a good code works once.
    method: 'POST',
    url: '/api/unlock/temp-login',
    prepare: (app, { fixtures }) => placeTempCode(app, fixtures.recoveryRequest.id, RECOVERY_TEMP_CODE),
    body: {
      schema: ZTempLoginInput,
      sample: ({ fixtures }) => ({ email: fixtures.recoveryRequest.email, tempCode: RECOVERY_TEMP_CODE }),
      encodings: ['json'],
    },
    access: everyone,
  },
  {
    // A fresh link before each call; the sample sets the password the recovery client already has.
    method: 'POST',
    url: '/api/user/resetpswd',
    prepare: (app, { fixtures }) => placeResetToken(app, fixtures.recoveryRequest.userId, RECOVERY_RESET_TOKEN),
    body: {
      schema: ZResetPasswordInput,
      sample: () => ({ password: PASSWORD, token: RECOVERY_RESET_TOKEN }),
      encodings: ['json'],
    },
    access: everyone,
  },
  {
    // The link's token is the proof, whoever opens it (the owner's address is verified again).
    method: 'POST',
    url: '/api/email-verification',
    prepare: (app, { owner }) => placeVerificationLink(app, owner, VERIFICATION_TOKEN),
    body: { schema: ZVerifyEmailInput, sample: () => ({ token: VERIFICATION_TOKEN }), encodings: ['json'] },
    access: everyone,
  },
  {
    // The owner's address is verified already: nothing to send.
    method: 'POST',
    url: '/api/email-verification/resend/:userId',
    body: { schema: ZResendVerificationInput, sample: () => ({ lang: 'en' }), encodings: ['json'] },
    access: { ...ownClientOnly, clientA: 'refused' },
  },
  { method: 'GET', url: '/api/unlock/requests', access: adminOnly },
  {
    method: 'GET',
    url: '/api/unlock/:id/image',
    params: ({ fixtures }) => ({ id: fixtures.unlockRequestId }),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/unlock/approve/:id',
    params: ({ fixtures }) => ({ id: fixtures.unlockToApproveId }),
    prepare: (app, { fixtures }) => makePending(app, fixtures.unlockToApproveId),
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/unlock/reject/:id',
    params: ({ fixtures }) => ({ id: fixtures.unlockToRejectId }),
    prepare: (app, { fixtures }) => makePending(app, fixtures.unlockToRejectId),
    access: adminOnly,
  },
  // A reset link for the owner: it changes nothing of the owner's record until it is used.
  { method: 'POST', url: '/api/client/:userId/password-reset', access: adminOnly },
];

/** A session of the owner's own for the DELETE row, made afresh by its `prepare`. */
let ownerSessionToEnd = '';

/** Signed-in sessions: one's own (any signed-in user), and an admin's view of a client's. */
const SESSION_ROUTES: TRouteRow[] = [
  {
    method: 'GET',
    url: '/api/sessions',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'ok', admin: 'ok' },
  },
  {
    // Only the owner's call succeeds: anyone else's own list does not hold the session (404).
    method: 'DELETE',
    url: '/api/sessions/:id',
    params: () => ({ id: ownerSessionToEnd }),
    prepare: async (app, { owner }) => {
      ownerSessionToEnd = await createSessionFamily(
        app.db,
        owner.id,
        { method: 'password' },
        { userAgent: '', ip: '' },
      );
    },
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'notYours', admin: 'notYours' },
  },
  {
    method: 'POST',
    url: '/api/sessions/end-others',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'ok', admin: 'ok' },
  },
  { method: 'GET', url: '/api/admin/client/:id/sessions', params: ownerAsId, access: adminOnly },
  {
    // Ends the owner's sessions: every call of the matrix signs in afresh.
    method: 'POST',
    url: '/api/admin/client/:id/sessions/end',
    params: ownerAsId,
    body: {
      schema: ZEndClientSessionsInput,
      sample: () => ({ reason: 'Lost phone reported by phone' }),
      encodings: ['json'],
    },
    access: adminOnly,
  },
];

// --- staff and their roles (docs/security.md, "Staff roles") ----------------------------------------

/** The recovery code the next Staff change re-checks the admin with (each works once; `prepare` places it). */
let adminRecheckCode = '';
const placeAdminRecheckCode = async (app: FastifyInstance, { admin }: TRouteContext) => {
  adminRecheckCode = await placeRecoveryCode(app, admin.id);
};
const STAFF_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/staff', access: adminOnly },
  {
    method: 'POST',
    url: '/api/staff',
    body: {
      schema: ZCreateStaffInput,
      sample: () => ({
        firstname: 'Sam',
        lastname: 'Support',
        email: `staff.${randomUUID()}@example.com`,
        password: PASSWORD,
        role: 'Support',
        code: adminRecheckCode,
      }),
      encodings: ['json'],
    },
    prepare: placeAdminRecheckCode,
    access: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/staff/role/:userId',
    params: ({ fixtures }) => ({ userId: fixtures.staffMemberId }),
    body: { schema: ZStaffRoleInput, sample: () => ({ role: 'Finance', code: adminRecheckCode }), encodings: ['json'] },
    prepare: placeAdminRecheckCode,
    access: adminOnly,
  },
];

// --- four-eyes approval (docs/money.md, "Four-eyes approval") ----------------------------------------

/**
 * The waiting approval the next decision row decides: a $1 credit of the owner asked by another
 * staff member (placed by the row's `prepare`; an id of none until then, for calls without it).
 */
let waitingApprovalId = '00000000-0000-4000-8000-00000000a9a1';
const placeWaitingApproval = async (app: FastifyInstance, { owner, fixtures }: TRouteContext) => {
  waitingApprovalId = await requestApproval(app.db, {
    kind: 'credit',
    userId: owner.id,
    amount: 100n,
    reason: 'Matrix credit',
    requestedBy: fixtures.staffMemberId,
  });
};
const APPROVAL_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/approvals', access: adminOnly },
  {
    method: 'POST',
    url: '/api/approvals/approve/:id',
    params: () => ({ id: waitingApprovalId }),
    prepare: placeWaitingApproval,
    access: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/approvals/reject/:id',
    params: () => ({ id: waitingApprovalId }),
    body: { schema: ZRejectApprovalInput, sample: () => ({ note: 'No agreement on file' }), encodings: ['json'] },
    prepare: placeWaitingApproval,
    access: adminOnly,
  },
];

// --- proof of reserves (docs/money.md, "Proof of reserves") -------------------------------------------

/** A snapshot with every client in it (the ones a row's callers are), taken by the admin. */
const placeSnapshot = async (app: FastifyInstance, { admin }: TRouteContext) => {
  await takeSnapshot(app.db, admin.id, { rpcTimeoutMs: 1_000, coinBidCents: () => null });
};
/** The standing declaration the DELETE row removes (declared anew by its `prepare`). */
let declarationId = '00000000-0000-4000-8000-0000000d3c1a';
const placeDeclaration = async (app: FastifyInstance, { admin }: TRouteContext) => {
  declarationId = (
    await declareReserve(app.db, admin.id, { label: 'Cold wallet', amount: 100, evidence: 'Bank statement' })
  ).id;
};
const RESERVE_ROUTES: TRouteRow[] = [
  { method: 'GET', url: '/api/admin/reserves', access: adminOnly },
  { method: 'POST', url: '/api/admin/reserves/snapshots', access: adminOnly },
  {
    method: 'POST',
    url: '/api/admin/reserves/declarations',
    body: {
      schema: ZReserveDeclarationInput,
      sample: () => ({ label: 'Bank account', amount: 2500, evidence: 'https://bank.example/statement.pdf' }),
      encodings: ['json'],
    },
    access: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/admin/reserves/declarations/:id',
    params: () => ({ id: declarationId }),
    prepare: placeDeclaration,
    access: adminOnly,
  },
  { method: 'GET', url: '/api/reserves/snapshots', access: clientsAndAdmins },
  { method: 'GET', url: '/api/reserves/proof', prepare: placeSnapshot, access: clientsOnly },
  { method: 'GET', url: '/api/public/reserves', prepare: placeSnapshot, access: everyone },
];

// --- two-factor sign-in (docs/security.md, "Two-factor sign-in") ------------------------------------

const WRONG_CODE = { schema: ZTwoFactorCodeInput, sample: () => ({ code: '000000' }), encodings: ['json'] } as const;
const TWO_FACTOR_ROUTES: TRouteRow[] = [
  {
    // No challenge of a real sign-in: refused as no valid credentials, whoever asks.
    method: 'POST',
    url: '/api/login/second-factor',
    body: {
      schema: ZSecondFactorSignInInput,
      sample: () => ({ challenge: 'not-a-challenge', code: '123456' }),
      encodings: ['json'],
    },
    access: {
      anonymous: 'unauthenticated',
      clientA: 'unauthenticated',
      clientB: 'unauthenticated',
      agent: 'unauthenticated',
      admin: 'unauthenticated',
    },
  },
  { method: 'GET', url: '/api/user/two-factor', access: clientsAndAdmins },
  {
    // The admin caller has the factor on already (admins must): nothing to set up.
    method: 'POST',
    url: '/api/user/two-factor/setup',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'forbidden', admin: 'refused' },
  },
  {
    method: 'POST',
    url: '/api/user/two-factor/confirm',
    body: { schema: ZTwoFactorConfirmInput, sample: () => ({ code: '000000' }), encodings: ['json'] },
    access: {
      anonymous: 'unauthenticated',
      clientA: 'refused',
      clientB: 'refused',
      agent: 'forbidden',
      admin: 'refused',
    },
  },
  {
    method: 'POST',
    url: '/api/user/two-factor/disable',
    body: WRONG_CODE,
    access: {
      anonymous: 'unauthenticated',
      clientA: 'refused',
      clientB: 'refused',
      agent: 'forbidden',
      admin: 'refused',
    },
  },
  {
    method: 'POST',
    url: '/api/user/two-factor/recovery-codes',
    body: WRONG_CODE,
    access: {
      anonymous: 'unauthenticated',
      clientA: 'refused',
      clientB: 'refused',
      agent: 'forbidden',
      admin: 'refused',
    },
  },
  { method: 'GET', url: '/api/client/:userId/two-factor', access: adminOnly },
  {
    // The owner's factor is put back on before each call, so the admin's reset removes one.
    method: 'POST',
    url: '/api/client/:userId/two-factor/reset',
    prepare: async (app, { owner }) => {
      await placeTwoFactor(app, owner.id);
    },
    body: { schema: ZTwoFactorResetInput, sample: () => ({ reason: 'Lost phone' }), encodings: ['json'] },
    access: adminOnly,
  },
];

export const ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/health', access: everyone },
  { method: 'GET', url: '/api/health/live', access: everyone },
  {
    // Sign-up; an admin creates clients through the same call.
    method: 'POST',
    url: '/api/client',
    body: { schema: ZRegisterInput, sample: () => ({ ...registrationForm() }), encodings: FORMS },
    access: everyone,
  },
  {
    method: 'POST',
    url: '/api/login',
    body: {
      schema: ZLoginInput,
      sample: ({ owner }) => ({ email: owner.email, password: owner.password }),
      encodings: ['json'],
    },
    access: everyone,
  },
  {
    // Cookie based: whoever holds a live refresh cookie gets a new access token.
    method: 'GET',
    url: '/api/refresh',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'ok', admin: 'ok' },
  },
  { method: 'GET', url: '/api/logout', access: everyone },
  {
    // The sample sets the password it already has, so the owner can still sign in afterwards; the
    // current one is needed for one's own change and is ignored in an admin's.
    method: 'POST',
    url: '/api/user/changepswd/:userId',
    body: {
      schema: ZChangePasswordInput,
      sample: () => ({ currentPassword: PASSWORD, password: PASSWORD }),
      encodings: FORMS,
    },
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
  {
    method: 'GET',
    url: '/api/client/:userId',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
  {
    method: 'GET',
    url: '/api/inappmessage/receiver/:userId',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
  {
    method: 'POST',
    url: '/api/inappmessage',
    body: {
      schema: ZInAppMessageInput,
      sample: ({ owner }) => ({ receiver: owner.id, subject: 'Fixture subject', message: 'Fixture message' }),
      encodings: FORMS,
    },
    access: adminOnly,
  },
  { method: 'PUT', url: '/api/inappmessage/markall/:userId', access: ownerOrAdmin },
  {
    // The owner's message, put back before each call so the owner and an admin both delete it.
    method: 'DELETE',
    url: '/api/inappmessage/:id',
    params: () => ({ id: IN_APP_MESSAGE_ID }),
    prepare: async (app, { owner }) => {
      await app.db
        .insert(inAppMessages)
        .values({ id: IN_APP_MESSAGE_ID, receiverId: owner.id, subject: 'Fixture', message: 'Fixture message' })
        .onConflictDoNothing();
    },
    access: ownerOrAdmin,
  },
  ...SUPPORT_ROUTES,
  ...MARKET_ROUTES,
  ...CONTENT_ROUTES,
  ...CLIENT_ACTION_ROUTES,
  ...CLIENT_MANAGEMENT_ROUTES,
  ...PROFILE_ROUTES,
  ...KYC_ROUTES,
  ...RECOVERY_ROUTES,
  ...MONEY_ROUTES,
  ...WITHDRAWAL_ROUTES,
  ...INVESTMENT_ROUTES,
  ...PAYOUT_ROUTES,
  ...POSITION_ROUTES,
  ...SIGNAL_ROUTES,
  ...SESSION_ROUTES,
  ...TWO_FACTOR_ROUTES,
  ...PASSKEY_ROUTES,
  ...STAFF_ROUTES,
  ...APPROVAL_ROUTES,
  ...RESERVE_ROUTES,
];

/** The role each staff caller of the matrix has; they are let in where their role allows (contracts/staff.ts). */
export const STAFF_CALLERS = { support: 'Support', finance: 'Finance' } as const satisfies Record<string, TStaffRole>;
export type TStaffCallerName = keyof typeof STAFF_CALLERS;

/** The concrete path of a row for this context. */
export function pathOf(row: TRouteRow, ctx: TRouteContext): string {
  const params = row.params?.(ctx) ?? { userId: ctx.owner.id };
  const path = row.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route-table: no value for :${name} in ${row.url}`);
    return encodeURIComponent(value);
  });
  return row.query ? `${path}?${row.query}` : path;
}

export const routeName = (row: TRouteRow) => `${row.method} ${row.url}`;

/**
 * The payload of a row's sample for `app.inject`: an object (sent as JSON), or, when the sample holds
 * Buffers (an upload route), multipart with each Buffer as a file part and the rest as text parts.
 */
export function bodyOf(
  body: TRouteBody,
  ctx: TRouteContext,
): { payload: NonNullable<InjectOptions['payload']>; headers?: Record<string, string> } {
  const sample = body.sample(ctx);
  const entries = Object.entries(sample);
  const files = entries.filter((entry): entry is [string, Buffer] => Buffer.isBuffer(entry[1]));
  if (files.length === 0) return { payload: sample };
  const fields = Object.fromEntries(entries.filter(([, value]) => !Buffer.isBuffer(value)));
  return asUpload(
    fields,
    files.map(([name, content]) => ({ name, filename: `${name}.bin`, content })),
  );
}
