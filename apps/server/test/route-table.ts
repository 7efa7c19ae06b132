import { ZChangePasswordInput, ZLoginInput, ZRegisterInput } from '@meridian/contracts/auth';
import { ZAdjustmentInput, ZClearBalancesInput } from '@meridian/contracts/balances';
import {
  ZDepositMethodInput,
  ZDepositMethodUpdate,
  ZWithdrawalMethodInput,
  ZWithdrawalMethodUpdate,
} from '@meridian/contracts/methods';
import { ZInAppMessageInput } from '@meridian/contracts/notifications';
import { ZSupportMessageInput } from '@meridian/contracts/support';
import {
  ZDepositInput,
  ZDepositStatusInput,
  ZTransactionStatusInput,
  ZVerifyCodeInput,
  ZWithdrawalInput,
  ZWithdrawalStatusInput,
} from '@meridian/contracts/transactions';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { inAppMessages } from '../src/db/schema/messages.ts';
import type { TEncoding } from './helpers/bodies.ts';
import { PASSWORD, registrationForm } from './helpers/factories.ts';
import type { TRouteFixtures } from './helpers/route-fixtures.ts';
import { backdateCodes, ensureBalance, placeCode } from './helpers/withdrawal-fixtures.ts';

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
 * - `notYours`: 403 or 404, and nothing of the owner's record in the body.
 */
export type TAccess = 'ok' | 'unauthenticated' | 'forbidden' | 'notYours';

export interface TOwner {
  id: string;
  email: string;
  password: string;
}

export interface TRouteContext {
  /** Client A, whose id fills `:userId`. */
  owner: TOwner;
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

// --- money (issue 3): methods, deposits, transactions, investments, balance ----------------------

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
const depositMethodForm = () => ({
  name: 'USDT (ERC20)',
  value: '0xfixture0000000000000000000000000000000000',
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

const MONEY_ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/depositmethod', access: everyone },
  {
    method: 'GET',
    url: '/api/depositmethod/:id',
    params: ({ fixtures }) => ({ id: fixtures.depositMethodId }),
    access: everyone,
  },
  {
    method: 'POST',
    url: '/api/depositmethod',
    body: { schema: ZDepositMethodInput, sample: depositMethodForm, encodings: FORMS },
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
    // Only the client themself declares a deposit; client B naming A in `user` is refused.
    method: 'POST',
    url: '/api/deposit',
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
  { method: 'GET', url: '/api/investment/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/investment', access: adminOnly },
  { method: 'GET', url: '/api/balance/:userId', access: ownerOrAdmin },
];

// --- money (issue 3): withdrawals, admin balance actions, audit log and outbox ---------------------

const ownClientOnly: Record<TCallerName, TAccess> = {
  anonymous: 'unauthenticated',
  clientA: 'ok',
  clientB: 'notYours',
  agent: 'forbidden',
  admin: 'forbidden',
};
const adjustment = { schema: ZAdjustmentInput, sample: () => ({ amount: 10, reason: 'Goodwill' }), encodings: FORMS };

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
    prepare: async (app, { owner }) => {
      await ensureBalance(app, owner.id, 10_000n);
      await placeCode(app, owner.id, '123456', { verified: true });
    },
    body: {
      schema: ZWithdrawalInput,
      sample: ({ owner, fixtures }) => ({
        amount: 20,
        address: 'TXclientWalletAddress0000000000000',
        withdrawalMethod: fixtures.withdrawalMethodId,
        user: owner.id,
      }),
      encodings: FORMS,
    },
    access: ownClientOnly,
  },
  { method: 'GET', url: '/api/withdrawal/user/:userId', access: ownerOrAdmin },
  { method: 'GET', url: '/api/withdrawal', access: adminOnly },
  {
    method: 'PUT',
    url: '/api/withdrawal/status/:id',
    params: ({ fixtures }) => ({ id: fixtures.withdrawalToDecideId }),
    body: { schema: ZWithdrawalStatusInput, sample: () => ({ status: 'Declined' }), encodings: FORMS },
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
];

/** The public support form and the admin's message requests (issue 4 item 6). */
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

export const ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/health', access: everyone },
  {
    // Sign-up; an admin creates clients through the same call (spec 02 §7 "Create client").
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
    // The sample sets the password it already has, so the owner can still sign in afterwards.
    method: 'POST',
    url: '/api/user/changepswd/:userId',
    body: { schema: ZChangePasswordInput, sample: () => ({ password: PASSWORD }), encodings: FORMS },
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
  ...MONEY_ROUTES,
  ...WITHDRAWAL_ROUTES,
];

/** The concrete path of a row for this context. */
export function pathOf(row: TRouteRow, ctx: TRouteContext): string {
  const params = row.params?.(ctx) ?? { userId: ctx.owner.id };
  return row.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route-table: no value for :${name} in ${row.url}`);
    return encodeURIComponent(value);
  });
}

export const routeName = (row: TRouteRow) => `${row.method} ${row.url}`;
