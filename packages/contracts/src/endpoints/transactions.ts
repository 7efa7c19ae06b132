import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';
import { ZCursorPageQuery } from '../pagination.ts';
import { ZTransactionCharts, ZTransactionChartsQuery } from '../transaction-charts.ts';
import {
  ZTransaction,
  ZTransactionAnswer,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionStatusInput,
} from '../transactions.ts';

/**
 * The unified history of deposits, withdrawals, investments and adjustments: a client's own list
 * and records, the admin's list of every client's, and the admin's status and delete actions, which
 * go to the service of the record's type (docs/money.md).
 */
const tag = 'transactions';

export const getUserTransactions = defineEndpoint({
  method: 'GET',
  path: '/transaction/user/:userId',
  tag,
  summary: 'A client’s history of every type, newest first (by page, or after or before a cursor)',
  params: ZUserIdParams,
  query: ZCursorPageQuery,
  response: ZTransactionPage,
  errors: [...COMMON_ERRORS, 404, 422],
});

export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/transaction/:id',
  tag,
  summary: 'One transaction (a client’s own; an admin’s answer names the client)',
  params: ZIdParams,
  response: ZTransaction,
  errors: [...COMMON_ERRORS, 404],
});

export const getTransactions = defineEndpoint({
  method: 'GET',
  path: '/transaction',
  tag,
  summary: 'Every transaction, newest first, optionally of one type, with its client (by page, or by cursor)',
  query: ZTransactionListQuery,
  response: ZTransactionPage,
  errors: [...COMMON_ERRORS, 422],
  permission: 'money.read',
});

export const setTransactionStatus = defineEndpoint({
  method: 'PUT',
  path: '/transaction/status/:id',
  tag,
  summary: 'Set the status of a deposit or withdrawal (Approved means Completed)',
  params: ZIdParams,
  body: ZTransactionStatusInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZTransactionAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.manage',
});

export const deleteTransaction = defineEndpoint({
  method: 'DELETE',
  path: '/transaction/:id',
  tag,
  summary: 'Delete a transaction that moved no money (records that did are kept)',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});

export const getTransactionCharts = defineEndpoint({
  method: 'GET',
  path: '/admin/charts/transactions',
  tag,
  summary: 'Deposits, withdrawals and investments per UTC day and status: counts and sums in USD',
  query: ZTransactionChartsQuery,
  response: ZTransactionCharts,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});
