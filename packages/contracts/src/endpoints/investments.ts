import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import {
  ZInvestFromBalanceInput,
  ZInvestmentAnswer,
  ZInvestmentList,
  ZInvestmentStatusInput,
  ZInvestViaDepositInput,
} from '../investments.ts';
import { ZIdParams } from '../methods.ts';
import { ZPageQuery } from '../pagination.ts';

/** Investing in a plan (client), the Investments tabs and the admin's decision (docs/money.md). */
const tag = 'investments';
const FORM = ['multipart', 'json', 'urlencoded'] as const;

export const createInvestmentViaDeposit = defineEndpoint({
  method: 'POST',
  path: '/investment',
  tag,
  summary: 'Invest Via Deposit: a Pending deposit and a Pending investment that waits for it',
  body: ZInvestViaDepositInput,
  encodings: FORM,
  response: ZInvestmentAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
});

export const investFromBalance = defineEndpoint({
  method: 'POST',
  path: '/investment/invest-from-balance',
  tag,
  summary: 'Invest From Balance: balance → trading now, Pending until an admin approves',
  body: ZInvestFromBalanceInput,
  encodings: FORM,
  response: ZInvestmentAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
});

export const getUserInvestments = defineEndpoint({
  method: 'GET',
  path: '/investment/user/:userId',
  tag,
  summary: 'A client’s investments, newest first, with their terms and payout progress',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZInvestmentList,
  errors: [...COMMON_ERRORS, 404],
});

export const getInvestments = defineEndpoint({
  method: 'GET',
  path: '/investment',
  tag,
  summary: 'Every investment, newest first, with its client',
  query: ZPageQuery,
  response: ZInvestmentList,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const setInvestmentStatus = defineEndpoint({
  method: 'PUT',
  path: '/investment/status/:id',
  tag,
  summary: 'Approve (schedules the payouts; final) or decline (returns the money; final) an investment',
  params: ZIdParams,
  body: ZInvestmentStatusInput,
  encodings: FORM,
  response: ZInvestmentAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.manage',
});
