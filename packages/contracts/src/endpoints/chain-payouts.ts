import {
  ZPayoutTxAnswer,
  ZPayoutTxInput,
  ZPayoutWatch,
  ZPayoutWatchAnswer,
  ZPayoutWatchInput,
  ZWithdrawalPayout,
} from '../chain-payouts.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';

/**
 * Withdrawals paid on chain: the admin's watch of a withdrawal method, the payout transaction staff
 * record on a pending withdrawal, and the payout as it confirms (the client's own, or any for staff).
 */
const tag = 'withdrawals';

export const getPayoutWatch = defineEndpoint({
  method: 'GET',
  path: '/withdrawalmethod/:id/watch',
  tag: 'withdrawal methods',
  summary: 'The chain watch of a withdrawal method (the node shown by its origin only)',
  params: ZIdParams,
  response: ZPayoutWatch,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const setPayoutWatch = defineEndpoint({
  method: 'PUT',
  path: '/withdrawalmethod/:id/watch',
  tag: 'withdrawal methods',
  summary: 'Watch a withdrawal method’s payouts on chain: node, confirmations, asset, explorer link',
  params: ZIdParams,
  body: ZPayoutWatchInput,
  encodings: ['json'],
  response: ZPayoutWatchAnswer,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const recordPayoutTx = defineEndpoint({
  method: 'PUT',
  path: '/withdrawal/payout/:id',
  tag,
  summary:
    'Record the transaction that paid a pending withdrawal on a watched method: it completes once confirmed on chain (four eyes above the threshold)',
  params: ZIdParams,
  body: ZPayoutTxInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZPayoutTxAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  idempotent: true,
  permission: 'money.manage',
});

export const getPayoutTx = defineEndpoint({
  method: 'GET',
  path: '/withdrawal/payout/:id',
  tag,
  summary:
    'Whether a withdrawal’s method is watched on chain, and its recorded payout transaction with how far it is confirmed (a client’s own; any for staff)',
  params: ZIdParams,
  response: ZWithdrawalPayout,
  errors: [...COMMON_ERRORS, 404],
  permission: 'money.read',
});
