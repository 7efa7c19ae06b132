import type { TMessageKey } from './messages.ts';
import { walletNetwork } from './wallet-address.ts';

/**
 * The reference of a transfer on its network (docs/money.md, "Deposits" and "Withdrawals"): the
 * transaction hash a client gives for a deposit they sent, or the one an admin records for a
 * withdrawal they paid out; for a method of no known network, whatever reference the bank or
 * service gave. It lets the desk find the transfer; it moves no money.
 */

/** The longest reference taken: a hash is 64 or 66 characters, a bank reference rarely over 40. */
export const TRANSFER_REFERENCE_MAX = 128;

/** Letters and digits, and the separators references use (spaces, . _ : / # + -), starting with a letter or digit. */
const ALLOWED = /^[A-Za-z0-9][A-Za-z0-9 ._:/#+-]*$/;
const HEX_64 = /^[0-9a-fA-F]{64}$/;
/** Text that looks meant as a hash: hexadecimal digits only, long, with or without 0x. */
const HASH_LIKE = /^(?:0x)?[0-9a-fA-F]{40,}$/i;

/**
 * What is wrong with `value` as the reference of a transfer through a method named `methodName`, as
 * a message key; null when it may be kept. Surrounding spaces are ignored (the schemas trim).
 *
 * Only what is certainly a mistyped hash is refused: on an Ethereum-style network (ETH, ERC20, BEP20)
 * a value starting with 0x must be 0x and 64 hexadecimal digits; on Bitcoin and TRON a hexadecimal
 * value of hash length must be exactly 64 digits, without 0x. Any other text (an exchange's
 * withdrawal id, a bank reference) is taken, since it can be a legitimate reference.
 */
export function transferReferenceProblem(methodName: string | null | undefined, value: string): TMessageKey | null {
  const reference = value.trim();
  if (reference === '') return 'validation.referenceRequired';
  if (reference.length > TRANSFER_REFERENCE_MAX) return 'validation.tooLong';
  if (!ALLOWED.test(reference)) return 'validation.referenceCharacters';
  switch (walletNetwork(methodName)) {
    case 'ETH':
    case 'ERC20':
    case 'BEP20': {
      const hex = reference.toLowerCase().startsWith('0x') || HASH_LIKE.test(reference);
      return hex && !/^0x[0-9a-fA-F]{64}$/i.test(reference) && !HEX_64.test(reference)
        ? 'validation.evmHashInvalid'
        : null;
    }
    case 'BTC':
    case 'TRC20':
      return HASH_LIKE.test(reference) && !HEX_64.test(reference) ? 'validation.txHashInvalid' : null;
    default:
      return null;
  }
}
