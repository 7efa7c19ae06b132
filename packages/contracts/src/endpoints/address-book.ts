import { ZWithdrawalAddressAnswer, ZWithdrawalAddressInput, ZWithdrawalAddressList } from '../address-book.ts';
import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';

/**
 * The withdrawal address book (docs/security.md, "Withdrawal address book"): a client lists, adds
 * and removes their own saved addresses; an admin may read a client's list.
 */
const tag = 'withdrawals';

export const getWithdrawalAddresses = defineEndpoint({
  method: 'GET',
  path: '/withdrawal-address/user/:userId',
  tag,
  summary: "A client's saved withdrawal addresses, newest first, each active or pending, with the book's rules",
  params: ZUserIdParams,
  response: ZWithdrawalAddressList,
  errors: [...COMMON_ERRORS, 404],
});

export const addWithdrawalAddress = defineEndpoint({
  method: 'POST',
  path: '/withdrawal-address',
  tag,
  summary: 'Save a withdrawal address of a method; usable after the delay; the client is emailed at once',
  body: ZWithdrawalAddressInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZWithdrawalAddressAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409],
});

export const removeWithdrawalAddress = defineEndpoint({
  method: 'DELETE',
  path: '/withdrawal-address/:id',
  tag,
  summary: 'Remove a saved withdrawal address; it can receive no withdrawal from now on',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
});
