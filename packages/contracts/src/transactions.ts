import { z } from 'zod';
import { cursorPage, cursorQuery, oneCursorAtMost, oneCursorAtMostError } from './cursor.ts';
import { optionalText, requiredText, text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';
import { ZPageQuery } from './pagination.ts';
import { CLOSE_REASONS } from './position-terms.ts';
import {
  ADJUSTMENT_KINDS,
  DEPOSIT_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  WITHDRAWAL_STATUSES,
} from './transaction-terms.ts';
import { TRANSFER_REFERENCE_MAX } from './transfer-reference.ts';
import { walletNetwork } from './wallet-address.ts';

/** One row of the unified history (deposits, withdrawals, investments, adjustments). */
export const ZTransaction = z.object({
  id: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  /** Dollars, always positive; `direction` says which way it moved the client's money. */
  amount: z.number(),
  direction: z.enum(['in', 'out']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  depositMethod: z.object({ id: z.uuid().nullable(), name: z.string(), value: z.string() }).nullable(),
  withdrawalMethod: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  /** The client's wallet address for a withdrawal. */
  address: z.string().nullable(),
  /**
   * The transfer's hash or reference on its network (transfer-reference.ts): for a deposit, the one
   * the client gave for the money they sent; for a withdrawal, the payout's, recorded by the admin.
   * Null until given.
   */
  reference: z.string().nullable(),
  /** A deposit's sending address, when the client gave it. */
  senderAddress: z.string().nullable(),
  investmentPlan: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  adjustmentKind: z.enum(ADJUSTMENT_KINDS).nullable(),
  /** Why an admin adjusted the balance; shown to the client. */
  reason: z.string().nullable(),
  /** Position and Signal rows: the pair traded. */
  asset: z.string().nullable(),
  /** Position and Signal rows: the result in dollars once closed or settled (negative for a loss). */
  pnl: z.number().nullable(),
  /** Position rows: why it closed, once closed. */
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  userId: z.uuid(),
  /** Present in admin answers. */
  user: z
    .object({ id: z.uuid(), firstname: z.string(), lastname: z.string(), email: z.string(), isVerified: z.boolean() })
    .optional(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** A page of the history, with the cursors of the pages after and before it (cursor.ts), null at either end. */
export const ZTransactionPage = z.object({
  transactions: z.array(ZTransaction),
  totalPage: z.number().int(),
  ...cursorPage,
});
export type TTransactionPage = z.infer<typeof ZTransactionPage>;
export const ZDepositPage = z.object({ deposits: z.array(ZTransaction), totalPage: z.number().int() });
export type TDepositPage = z.infer<typeof ZDepositPage>;
export const ZWithdrawalPage = z.object({ withdrawals: z.array(ZTransaction), totalPage: z.number().int() });
export type TWithdrawalPage = z.infer<typeof ZWithdrawalPage>;

/** Answers of the calls that create or change one record: the success message and the record. */
export const ZDepositAnswer = z.object({ message: z.string(), deposit: ZTransaction });
export type TDepositAnswer = z.infer<typeof ZDepositAnswer>;
export const ZTransactionAnswer = z.object({ message: z.string(), transaction: ZTransaction });
export type TTransactionAnswer = z.infer<typeof ZTransactionAnswer>;
export const ZWithdrawalAnswer = z.object({ message: z.string(), withdrawal: ZTransaction });
export type TWithdrawalAnswer = z.infer<typeof ZWithdrawalAnswer>;

/** GET /transaction?type= filters the admin list by tab; it pages by cursor like a client's history. */
export const ZTransactionListQuery = z
  .strictObject({ ...ZPageQuery.shape, ...cursorQuery, type: z.enum(TRANSACTION_TYPES).optional() })
  .refine(oneCursorAtMost, oneCursorAtMostError);
export type TTransactionListQuery = z.output<typeof ZTransactionListQuery>;

/** A transfer's hash or reference as a form sends it; its shape per network is checked by the server (transfer-reference.ts). */
const referenceField = () => optionalText(TRANSFER_REFERENCE_MAX);
/** A sending address; checked as an address of the method's network by the server (wallet-address.ts). */
const senderAddressField = () => optionalText(200);

/**
 * Make Deposit: hidden `depositMethod` and `user` ids; min/max checked by the server. The transfer's
 * hash or reference and the sending address are optional (empty means not given): a client may add
 * them later, while the deposit is pending.
 */
export const ZDepositInput = z.strictObject({
  amount: amountField('validation.amountRequired'),
  depositMethod: z.uuid({ error: 'errors.methodNotFound' satisfies TMessageKey }),
  user: z.uuid({ error: 'errors.notOwnRecord' satisfies TMessageKey }),
  reference: referenceField().optional(),
  senderAddress: senderAddressField().optional(),
});
export type TDepositInput = z.input<typeof ZDepositInput>;

/**
 * A pending deposit's transfer hash or reference (required) and its sending address (optional; empty
 * removes one given before), given or corrected by the client who declared it.
 */
export const ZDepositReferenceInput = z.strictObject({
  reference: requiredText('validation.referenceRequired', TRANSFER_REFERENCE_MAX),
  senderAddress: senderAddressField().optional(),
});
export type TDepositReferenceInput = z.input<typeof ZDepositReferenceInput>;

/** A completed withdrawal's payout hash or reference, recorded by an admin. */
export const ZPayoutReferenceInput = z.strictObject({
  reference: requiredText('validation.referenceRequired', TRANSFER_REFERENCE_MAX),
});
export type TPayoutReferenceInput = z.input<typeof ZPayoutReferenceInput>;

export const ZWithdrawalInput = z.strictObject({
  amount: amountField('validation.amountRequired'),
  address: requiredText('validation.addressRequired', 200),
  withdrawalMethod: z.uuid({ error: 'errors.methodNotFound' satisfies TMessageKey }),
  user: z.uuid({ error: 'errors.notOwnRecord' satisfies TMessageKey }),
});
export type TWithdrawalInput = z.input<typeof ZWithdrawalInput>;

export const ZVerifyCodeInput = z.strictObject({
  code: text('validation.codeRequired')
    .trim()
    .min(1, { error: 'validation.codeRequired' satisfies TMessageKey })
    .regex(/^\d{6}$/, { error: 'validation.codeInvalid' satisfies TMessageKey }),
});
export type TVerifyCodeInput = z.input<typeof ZVerifyCodeInput>;

export const ZStatusInput = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.strictObject({ status: z.enum(statuses, { error: 'validation.statusRequired' satisfies TMessageKey }) });

export const ZDepositStatusInput = ZStatusInput(DEPOSIT_STATUSES);
/** A withdrawal's status; completing it may record the payout's hash or reference at once (empty: none yet). */
export const ZWithdrawalStatusInput = z.strictObject({
  ...ZStatusInput(WITHDRAWAL_STATUSES).shape,
  reference: referenceField().optional(),
});
export type TWithdrawalStatusInput = z.input<typeof ZWithdrawalStatusInput>;
/** The transaction dialog offers Approved, Pending and Declined; Approved means Completed for money movements. */
export const ZTransactionStatusInput = ZStatusInput(['Approved', 'Completed', 'Pending', 'Declined']);
export type TTransactionStatusChoice = z.output<typeof ZTransactionStatusInput>['status'];

/** Network label from a method name: Bitcoin → BTC, TRC20/ERC20/BEP20, Ethereum → ETH, else N/A. */
export function networkLabel(methodName: string | null | undefined): string {
  return walletNetwork(methodName) ?? 'N/A';
}
