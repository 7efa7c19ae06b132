import { ZChainDepositAddress, ZChainWatch, ZChainWatchAnswer, ZChainWatchInput } from '../chain-deposits.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';

/** Deposits seen on chain: the client's own address on a watched method, and the admin's watch. */
const tag = 'deposit methods';

export const getChainDepositAddress = defineEndpoint({
  method: 'GET',
  path: '/depositmethod/:id/address',
  tag,
  summary: 'The client’s own deposit address on a watched method, its QR code and their transfers confirming to it',
  params: ZIdParams,
  response: ZChainDepositAddress,
  errors: [...COMMON_ERRORS, 404],
});

export const getChainWatch = defineEndpoint({
  method: 'GET',
  path: '/depositmethod/:id/watch',
  tag,
  summary: 'The chain watch of a deposit method (the node shown by its origin only)',
  params: ZIdParams,
  response: ZChainWatch,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const setChainWatch = defineEndpoint({
  method: 'PUT',
  path: '/depositmethod/:id/watch',
  tag,
  summary: 'Watch a deposit method on chain: node, confirmations, extended public key, asset',
  params: ZIdParams,
  body: ZChainWatchInput,
  encodings: ['json'],
  response: ZChainWatchAnswer,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});
