import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { optionalText, requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * The withdrawal address book (docs/security.md, "Withdrawal address book"): the addresses a client
 * saved per withdrawal method. A new one can receive withdrawals only after the operator's delay
 * (WITHDRAWAL_ADDRESS_DELAY_HOURS, 24 by default); removing one is immediate.
 */

export const ADDRESS_LABEL_MAX = 60;
export const WITHDRAWAL_ADDRESS_STATES = ['active', 'pending'] as const;
export type TWithdrawalAddressState = (typeof WITHDRAWAL_ADDRESS_STATES)[number];

/** One saved address as the client sees it. */
export const ZWithdrawalAddress = z.object({
  id: z.uuid(),
  methodId: z.uuid(),
  methodName: z.string(),
  address: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  /** From this moment on the address can receive withdrawals. */
  activeFrom: z.iso.datetime(),
  state: z.enum(WITHDRAWAL_ADDRESS_STATES),
});
export type TWithdrawalAddress = z.infer<typeof ZWithdrawalAddress>;

/** The client's live addresses, newest first, with the operator's rules the forms explain. */
export const ZWithdrawalAddressList = z.object({
  addresses: z.array(ZWithdrawalAddress),
  /** Hours between adding an address and its first use. */
  delayHours: z.number(),
  /** Whether a withdrawal may also go to an address that is not saved (WITHDRAWAL_ONE_OFF_ADDRESSES). */
  oneOffAllowed: z.boolean(),
});
export type TWithdrawalAddressList = z.infer<typeof ZWithdrawalAddressList>;

/**
 * POST /withdrawal-address: the method, the address (checked as a withdrawal address of that method,
 * contracts/wallet-address.ts) and an optional label. `lang` is the language of the email saying
 * the address was added (the web app sends its own; else the request's Accept-Language decides).
 */
export const ZWithdrawalAddressInput = z.strictObject({
  // No method chosen yet (the select's empty value): say so; one that does not exist is a 404.
  methodId: z.uuid({ error: 'validation.withdrawalMethodRequired' satisfies TMessageKey }),
  address: requiredText('validation.addressRequired', 200),
  label: optionalText(ADDRESS_LABEL_MAX).optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type TWithdrawalAddressInput = z.input<typeof ZWithdrawalAddressInput>;

export const ZWithdrawalAddressAnswer = z.object({ message: z.string(), address: ZWithdrawalAddress });
export type TWithdrawalAddressAnswer = z.infer<typeof ZWithdrawalAddressAnswer>;

/** The state of a saved address at `now`. */
export function addressState(activeFrom: string | Date, now: Date = new Date()): TWithdrawalAddressState {
  return new Date(activeFrom).getTime() <= now.getTime() ? 'active' : 'pending';
}
