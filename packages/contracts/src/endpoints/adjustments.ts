import { ZUserIdParams } from '../auth.ts';
import { ZAdjustmentInput, ZClearBalancesInput } from '../balances.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';

/**
 * The admin's balance actions on the client detail page. Each is a ledger transaction with a
 * reason, shown to the client as an adjustment and kept in the audit log (docs/money.md).
 */
const tag = 'balance actions';
const FORM = ['json', 'urlencoded', 'multipart'] as const;
const errors = [...COMMON_ERRORS, 404, 409, 422] as const;

export const creditBalance = defineEndpoint({
  method: 'POST',
  path: '/user/fund/:userId',
  tag,
  summary: 'Credit Account: adjustments → the client’s balance',
  params: ZUserIdParams,
  body: ZAdjustmentInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  idempotent: true,
  permission: 'money.manage',
});

export const debitBalance = defineEndpoint({
  method: 'POST',
  path: '/user/debit/:userId',
  tag,
  summary: 'Debit Account: the client’s balance → adjustments; never more than the balance',
  params: ZUserIdParams,
  body: ZAdjustmentInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  idempotent: true,
  permission: 'money.manage',
});

export const addProfit = defineEndpoint({
  method: 'POST',
  path: '/trade/profit/:id',
  tag,
  summary: 'Add Profit: adjustments → the client’s profit balance',
  params: ZIdParams,
  body: ZAdjustmentInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  idempotent: true,
  permission: 'money.manage',
});

export const clearBalances = defineEndpoint({
  method: 'POST',
  path: '/user/clear-balances/:id',
  tag,
  summary: 'Clear Balance: balance, trading, profit and bonus → adjustments (pending withdrawals keep their hold)',
  params: ZIdParams,
  body: ZClearBalancesInput,
  encodings: FORM,
  response: ZMessage,
  errors,
  idempotent: true,
  permission: 'money.manage',
});
