import { z } from 'zod';
import { hasForbiddenCharacters, requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { toCents } from './money.ts';
import { walletAddressProblem } from './wallet-address.ts';

/**
 * A money amount entered by staff or a client: dollars, at most 2 decimals, not negative. Text goes
 * through the shared character check (fields.ts), at the union so the field names the characters,
 * not a missing amount.
 */
export function amountField(required: TMessageKey) {
  return z
    .union([z.number({ error: required }), z.string({ error: required }).trim().min(1, { error: required })], {
      error: required,
    })
    .refine((v) => typeof v !== 'string' || !hasForbiddenCharacters(v), {
      error: 'validation.invalidCharacters' satisfies TMessageKey,
      abort: true,
    })
    .refine((v) => !String(v).trim().startsWith('-'), {
      error: 'validation.amountNonNegative' satisfies TMessageKey,
      abort: true,
    })
    .refine((v) => toCents(v) !== null, { error: 'validation.amountInvalid' satisfies TMessageKey });
}

const limits = {
  minAmount: amountField('validation.minAmountRequired'),
  maxAmount: amountField('validation.maxAmountRequired'),
};

const minNotAboveMax = (v: { minAmount: number | string; maxAmount: number | string }) =>
  (toCents(v.minAmount) ?? 0n) <= (toCents(v.maxAmount) ?? 0n);
const minAboveMaxIssue = { error: 'validation.minAboveMax' satisfies TMessageKey, path: ['maxAmount'] };

/** The fields of a withdrawal method form; a deposit method adds its wallet address. */
const withdrawalMethodFields = {
  name: requiredText('validation.methodNameRequired', 80),
  description: requiredText('validation.descriptionRequired', 2000),
  ...limits,
};
const depositMethodFields = {
  ...withdrawalMethodFields,
  value: requiredText('validation.paymentAddressRequired', 200),
};
/** The update calls carry the id in the body: PUT /depositmethod, PUT /withdrawalmethod. */
const methodId = { id: z.uuid({ error: 'errors.methodNotFound' satisfies TMessageKey }) };

/** Clients pay to a deposit method's address: it must be one of the network its name implies (wallet-address.ts). */
const addressFitsNetwork = (v: { name: string; value: string }, ctx: z.RefinementCtx) => {
  // Runs even when other fields were refused: a missing or empty address, or one with characters no
  // text may hold, is for the field's own rules to name.
  const { name, value } = v as { name: unknown; value: unknown };
  if (typeof value !== 'string' || value.trim() === '' || hasForbiddenCharacters(value)) return;
  const problem = walletAddressProblem(typeof name === 'string' ? name : '', value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
};

/** Admin form for a deposit method. `value` is the wallet address clients pay to. */
export const ZDepositMethodInput = z
  .strictObject(depositMethodFields)
  .refine(minNotAboveMax, minAboveMaxIssue)
  .superRefine(addressFitsNetwork);
export type TDepositMethodInput = z.input<typeof ZDepositMethodInput>;
export const ZDepositMethodUpdate = z
  .strictObject({ ...methodId, ...depositMethodFields })
  .refine(minNotAboveMax, minAboveMaxIssue)
  .superRefine(addressFitsNetwork);
export type TDepositMethodUpdate = z.input<typeof ZDepositMethodUpdate>;

export const ZWithdrawalMethodInput = z.strictObject(withdrawalMethodFields).refine(minNotAboveMax, minAboveMaxIssue);
export type TWithdrawalMethodInput = z.input<typeof ZWithdrawalMethodInput>;
export const ZWithdrawalMethodUpdate = z
  .strictObject({ ...methodId, ...withdrawalMethodFields })
  .refine(minNotAboveMax, minAboveMaxIssue);
export type TWithdrawalMethodUpdate = z.input<typeof ZWithdrawalMethodUpdate>;

/** Amounts in answers are dollars (numbers with at most 2 decimals). */
export const ZDepositMethod = z.object({
  id: z.uuid(),
  name: z.string(),
  value: z.string(),
  description: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  createdAt: z.iso.datetime(),
});
export type TDepositMethod = z.infer<typeof ZDepositMethod>;

/**
 * The QR code of a deposit method's address, an SVG data URL drawn by the server, so a client can
 * scan the address into a phone wallet instead of typing it. It encodes the address alone (`value`).
 */
export const ZDepositMethodQr = z.object({ value: z.string(), qrCode: z.string() });
export type TDepositMethodQr = z.infer<typeof ZDepositMethodQr>;

export const ZWithdrawalMethod = ZDepositMethod.omit({ value: true });
export type TWithdrawalMethod = z.infer<typeof ZWithdrawalMethod>;

export const ZDepositMethodList = z.object({ depositMethods: z.array(ZDepositMethod) });
export type TDepositMethodList = z.infer<typeof ZDepositMethodList>;
export const ZWithdrawalMethodList = z.object({ withdrawalMethods: z.array(ZWithdrawalMethod) });
export type TWithdrawalMethodList = z.infer<typeof ZWithdrawalMethodList>;
/** Answers of the admin create and update calls: the success message and the method. */
export const ZDepositMethodAnswer = z.object({ message: z.string(), depositMethod: ZDepositMethod });
export type TDepositMethodAnswer = z.infer<typeof ZDepositMethodAnswer>;
export const ZWithdrawalMethodAnswer = z.object({ message: z.string(), withdrawalMethod: ZWithdrawalMethod });
export type TWithdrawalMethodAnswer = z.infer<typeof ZWithdrawalMethodAnswer>;
export const ZIdParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

/** Display rules shared by the client and admin grids. */
export function isRecommendedMethod(name: string, kind: 'deposit' | 'withdrawal'): boolean {
  const n = name.replace(/\s+/g, '').toUpperCase();
  return kind === 'deposit' ? n === 'USDT(TRC20)' || n === 'USDT(ERC20)' : n === 'USDT(TRC20)';
}
export const isBitcoinMethod = (name: string) => /^(bitcoin|btc)\b/i.test(name.trim());
export const processingTimeKey = (name: string) =>
  name.replace(/\s+/g, '').toUpperCase() === 'USDT(TRC20)' ? 'instant45' : 'minutes5to60';
