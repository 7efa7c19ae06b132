import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZDepositMethod,
  ZDepositMethodAnswer,
  ZDepositMethodInput,
  ZDepositMethodList,
  ZDepositMethodQr,
  ZDepositMethodUpdate,
  ZIdParams,
  ZWithdrawalMethod,
  ZWithdrawalMethodAnswer,
  ZWithdrawalMethodInput,
  ZWithdrawalMethodList,
  ZWithdrawalMethodUpdate,
} from '../methods.ts';

/**
 * Deposit methods (where clients send funds; reading them is public, the deposit dialog and the
 * invest-via-deposit list call it without a token) and withdrawal methods (how clients take money
 * out; reading them needs a signed-in client or admin). Admins create, update and delete both.
 */
const depositTag = 'deposit methods';
const withdrawalTag = 'withdrawal methods';
/** The admin's method form is sent as JSON; forms and multipart are taken too. */
const FORM = ['json', 'urlencoded', 'multipart'] as const;

// --- deposit methods ------------------------------------------------------------------------------

export const getDepositMethods = defineEndpoint({
  method: 'GET',
  path: '/depositmethod',
  tag: depositTag,
  summary: 'Live deposit methods, newest first',
  response: ZDepositMethodList,
  errors: [],
});

export const getDepositMethod = defineEndpoint({
  method: 'GET',
  path: '/depositmethod/:id',
  tag: depositTag,
  summary: 'One deposit method',
  params: ZIdParams,
  response: ZDepositMethod,
  errors: [400, 404],
});

export const getDepositMethodQr = defineEndpoint({
  method: 'GET',
  path: '/depositmethod/:id/qr',
  tag: depositTag,
  summary: 'The QR code of a deposit method’s address (an SVG data URL), to scan into a wallet',
  params: ZIdParams,
  response: ZDepositMethodQr,
  errors: [400, 404],
});

export const createDepositMethod = defineEndpoint({
  method: 'POST',
  path: '/depositmethod',
  tag: depositTag,
  summary: 'Create a deposit method',
  body: ZDepositMethodInput,
  encodings: FORM,
  response: ZDepositMethodAnswer,
  status: 201,
  errors: COMMON_ERRORS,
  permission: 'catalogue.manage',
});

export const updateDepositMethod = defineEndpoint({
  method: 'PUT',
  path: '/depositmethod',
  tag: depositTag,
  summary: 'Update a deposit method (its id is in the body)',
  body: ZDepositMethodUpdate,
  encodings: FORM,
  response: ZDepositMethodAnswer,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const deleteDepositMethod = defineEndpoint({
  method: 'DELETE',
  path: '/depositmethod/:id',
  tag: depositTag,
  summary: 'Delete a deposit method (hidden; past deposits keep its name and address)',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

// --- withdrawal methods ---------------------------------------------------------------------------

export const getWithdrawalMethods = defineEndpoint({
  method: 'GET',
  path: '/withdrawalmethod',
  tag: withdrawalTag,
  summary: 'Live withdrawal methods, newest first',
  response: ZWithdrawalMethodList,
  errors: [401, 403],
});

export const getWithdrawalMethod = defineEndpoint({
  method: 'GET',
  path: '/withdrawalmethod/:id',
  tag: withdrawalTag,
  summary: 'One withdrawal method',
  params: ZIdParams,
  response: ZWithdrawalMethod,
  errors: [...COMMON_ERRORS, 404],
});

export const createWithdrawalMethod = defineEndpoint({
  method: 'POST',
  path: '/withdrawalmethod',
  tag: withdrawalTag,
  summary: 'Create a withdrawal method',
  body: ZWithdrawalMethodInput,
  encodings: FORM,
  response: ZWithdrawalMethodAnswer,
  status: 201,
  errors: COMMON_ERRORS,
  permission: 'catalogue.manage',
});

export const updateWithdrawalMethod = defineEndpoint({
  method: 'PUT',
  path: '/withdrawalmethod',
  tag: withdrawalTag,
  summary: 'Update a withdrawal method (its id is in the body)',
  body: ZWithdrawalMethodUpdate,
  encodings: FORM,
  response: ZWithdrawalMethodAnswer,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const deleteWithdrawalMethod = defineEndpoint({
  method: 'DELETE',
  path: '/withdrawalmethod/:id',
  tag: withdrawalTag,
  summary: 'Delete a withdrawal method (hidden; past withdrawals keep its name)',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});
