import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';
import { ZPageQuery } from '../pagination.ts';
import {
  ZDepositAnswer,
  ZDepositInput,
  ZDepositPage,
  ZDepositReferenceInput,
  ZDepositStatusInput,
} from '../transactions.ts';

/** Make Deposit (client) and Deposit Management (admin). */
const tag = 'deposits';
const FORM = ['multipart', 'json', 'urlencoded'] as const;

export const createDeposit = defineEndpoint({
  method: 'POST',
  path: '/deposit',
  tag,
  summary: 'Declare a deposit sent to a method’s address (Pending until an admin completes it)',
  body: ZDepositInput,
  encodings: FORM,
  response: ZDepositAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
});

export const setDepositReference = defineEndpoint({
  method: 'PUT',
  path: '/deposit/reference/:id',
  tag,
  summary: 'Give or correct the transfer hash or reference (and sending address) of one’s own pending deposit',
  params: ZIdParams,
  body: ZDepositReferenceInput,
  encodings: FORM,
  response: ZDepositAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
});

export const getUserDeposits = defineEndpoint({
  method: 'GET',
  path: '/deposit/user/:userId',
  tag,
  summary: 'A client’s deposits, newest first',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZDepositPage,
  errors: [...COMMON_ERRORS, 404],
});

export const getDeposits = defineEndpoint({
  method: 'GET',
  path: '/deposit',
  tag,
  summary: 'Every deposit, newest first, with its client',
  query: ZPageQuery,
  response: ZDepositPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const setDepositStatus = defineEndpoint({
  method: 'PUT',
  path: '/deposit/status/:id',
  tag,
  summary: 'Set a deposit’s status; Completed credits the client once and is final',
  params: ZIdParams,
  body: ZDepositStatusInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZDepositAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.manage',
});

export const deleteDeposit = defineEndpoint({
  method: 'DELETE',
  path: '/deposit/:id',
  tag,
  summary: 'Delete a deposit that moved no money (a Completed one is kept)',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});
