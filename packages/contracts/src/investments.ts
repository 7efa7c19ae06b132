import { z } from 'zod';
import { requiredText, text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { amountField } from './methods.ts';
import { toCents } from './money.ts';
import { ZTransaction } from './transactions.ts';

/**
 * Investment plans (the operator's product), investments in them and plan upgrade requests
 * (docs/money.md, "Investments and payouts").
 */

/** A plan runs 7, 10, 14 or 30 days and pays 1 to 4 times a day (spec: plan options). */
export const PLAN_DURATIONS = [7, 10, 14, 30] as const;
export const PLAN_TRADES_PER_DAY = [1, 2, 3, 4] as const;
/** A plan's total interest is a percentage with at most 2 decimals, above 0 and at most this. */
export const PLAN_INTEREST_MAX = 1000;

/** The plan names the screens know, each with its own colour; any other name gets the neutral one. */
export const KNOWN_PLAN_COLOURS = { 'Basic Plan': 'blue', 'Standard Plan': 'violet', 'Premium Plan': 'amber' } as const;
export type TPlanColour = (typeof KNOWN_PLAN_COLOURS)[keyof typeof KNOWN_PLAN_COLOURS] | 'neutral';
export function planColour(name: string): TPlanColour {
  return (KNOWN_PLAN_COLOURS as Record<string, TPlanColour>)[name.trim()] ?? 'neutral';
}

/** Interest percent (number or text, at most 2 decimals) to basis points; null when it is not one. */
export function interestToBasisPoints(value: number | string): number | null {
  const cents = toCents(value);
  return cents === null ? null : Number(cents);
}

const choice = <T extends readonly number[]>(values: T) =>
  z.coerce
    .number({ error: 'validation.fieldRequired' satisfies TMessageKey })
    .refine((v) => (values as readonly number[]).includes(v), {
      error: 'validation.fieldRequired' satisfies TMessageKey,
    });

const interestField = z
  .union(
    // An empty text is a missing interest (zod reports the text branch's own issue otherwise).
    [
      z.number(),
      text()
        .trim()
        .min(1, { error: 'validation.interestRequired' satisfies TMessageKey }),
    ],
    { error: 'validation.interestRequired' satisfies TMessageKey },
  )
  .refine((v) => interestToBasisPoints(v) !== null, { error: 'validation.interestInvalid' satisfies TMessageKey })
  .refine(
    (v) => {
      const bp = interestToBasisPoints(v) ?? 0;
      return bp > 0 && bp <= PLAN_INTEREST_MAX * 100;
    },
    { error: 'validation.interestRange' satisfies TMessageKey },
  );

const planFields = {
  name: requiredText('validation.planNameRequired', 80),
  interest: interestField,
  duration: choice(PLAN_DURATIONS),
  noOfTimes: choice(PLAN_TRADES_PER_DAY),
  minAmount: amountField('validation.minAmountRequired'),
  maxAmount: amountField('validation.maxAmountRequired'),
};
const minNotAboveMax = (v: { minAmount: number | string; maxAmount: number | string }) =>
  (toCents(v.minAmount) ?? 0n) <= (toCents(v.maxAmount) ?? 0n);
const minAboveMaxIssue = { error: 'validation.minAboveMax' satisfies TMessageKey, path: ['maxAmount'] };

/** Create Plan (admin). Every field is required. */
export const ZPlanInput = z.strictObject(planFields).refine(minNotAboveMax, minAboveMaxIssue);
export type TPlanInput = z.input<typeof ZPlanInput>;
/** Edit Plan: the id travels in the body, as the method forms do. */
export const ZPlanUpdate = z
  .strictObject({ id: z.uuid({ error: 'errors.planNotFound' satisfies TMessageKey }), ...planFields })
  .refine(minNotAboveMax, minAboveMaxIssue);
export type TPlanUpdate = z.input<typeof ZPlanUpdate>;

/**
 * A plan's terms. `interest`: the total return over the plan, in percent; `duration`: days;
 * `noOfTimes`: payouts a day; amounts in dollars.
 */
const PLAN_TERMS = {
  name: z.string(),
  interest: z.number(),
  duration: z.number().int(),
  noOfTimes: z.number().int(),
  minAmount: z.number(),
  maxAmount: z.number(),
};

/** A plan as the API answers it. Amounts in dollars, interest in percent (the plan's total return). */
export const ZInvestmentPlan = z.object({
  id: z.uuid(),
  ...PLAN_TERMS,
  /** Investments were made on it: it cannot be deleted (editing only changes future investments' terms). */
  inUse: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TInvestmentPlan = z.infer<typeof ZInvestmentPlan>;
export const ZPlanList = z.object({ investmentPlans: z.array(ZInvestmentPlan) });
export type TPlanList = z.infer<typeof ZPlanList>;
export const ZPlanAnswer = z.object({ message: z.string(), investmentPlan: ZInvestmentPlan });
export type TPlanAnswer = z.infer<typeof ZPlanAnswer>;

/**
 * A live plan as a visitor sees it (`GET /api/public/plans`, the home page): its terms only, strict
 * so nothing else (its id, whether anyone invested, its dates) can slip into a public answer.
 */
export const ZPublicPlan = z.strictObject(PLAN_TERMS);
export type TPublicPlan = z.infer<typeof ZPublicPlan>;
/** The live plans, cheapest first, as `GET /api/investmentplan` orders them; empty when there are none. */
export const ZPublicPlanList = z.strictObject({ plans: z.array(ZPublicPlan) });
export type TPublicPlanList = z.infer<typeof ZPublicPlanList>;

// --- investing ------------------------------------------------------------------------------------

const planId = z.uuid({ error: 'errors.planNotFound' satisfies TMessageKey });
const ownUser = z.uuid({ error: 'errors.notOwnRecord' satisfies TMessageKey });

/** Invest From Balance: balance → trading at once, Pending until an admin approves. */
export const ZInvestFromBalanceInput = z.strictObject({
  amount: amountField('validation.amountRequired'),
  user: ownUser,
  investmentPlan: planId,
});
export type TInvestFromBalanceInput = z.input<typeof ZInvestFromBalanceInput>;

/** Invest Via Deposit: a Pending deposit to the method and a Pending investment tied to it. */
export const ZInvestViaDepositInput = z.strictObject({
  amount: amountField('validation.amountRequired'),
  depositMethod: z.uuid({ error: 'validation.depositMethodRequired' satisfies TMessageKey }),
  user: ownUser,
  investmentPlan: planId,
});
export type TInvestViaDepositInput = z.input<typeof ZInvestViaDepositInput>;

export const INVESTMENT_STATUSES = ['Approved', 'Pending', 'Declined'] as const;
export type TInvestmentStatus = (typeof INVESTMENT_STATUSES)[number];
export const ZInvestmentStatusInput = z.strictObject({
  status: z.enum(INVESTMENT_STATUSES, { error: 'validation.statusRequired' satisfies TMessageKey }),
});

/**
 * The terms an investment was made on (copied from its plan when it was made, so later plan edits
 * do not change them) and how far its payouts have gone.
 */
export const ZInvestmentTerms = z.object({
  interest: z.number(),
  duration: z.number().int(),
  noOfTimes: z.number().int(),
  /** The deposit an Invest Via Deposit waits for, with its status. */
  deposit: z.object({ id: z.uuid(), status: z.enum(['Completed', 'Pending', 'Declined']) }).nullable(),
  /** The money is in the client's trading account (from balance at once; via deposit once it completed). */
  funded: z.boolean(),
  approvedAt: z.iso.datetime().nullable(),
  maturesAt: z.iso.datetime().nullable(),
  maturedAt: z.iso.datetime().nullable(),
  payoutsTotal: z.number().int(),
  payoutsPaid: z.number().int(),
  payoutsRejected: z.number().int(),
  /** Dollars paid out so far. */
  paidOut: z.number(),
});
export type TInvestmentTerms = z.infer<typeof ZInvestmentTerms>;

/** An investment: its history row (type Investment) and its terms. */
export const ZInvestment = ZTransaction.extend({ terms: ZInvestmentTerms });
export type TInvestment = z.infer<typeof ZInvestment>;
export const ZInvestmentList = z.object({ investments: z.array(ZInvestment), totalPage: z.number().int() });
export type TInvestmentList = z.infer<typeof ZInvestmentList>;

export const ZInvestmentAnswer = z.object({
  message: z.string(),
  investment: ZInvestment,
  /** Invest Via Deposit: the deposit the client now sends. */
  deposit: ZTransaction.optional(),
});
export type TInvestmentAnswer = z.infer<typeof ZInvestmentAnswer>;

// --- plan upgrades --------------------------------------------------------------------------------

/** Upgrade to Plan (client): a request an admin decides; the plan does not change until then. */
export const ZUpgradeRequestInput = z.strictObject({ userId: ownUser, newPlanId: planId });
export type TUpgradeRequestInput = z.input<typeof ZUpgradeRequestInput>;
/** Approve: the admin chooses the plan (the requested one is preselected). */
export const ZUpgradeApproveInput = z.strictObject({
  userId: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
  newPlanId: z.uuid({ error: 'validation.planRequired' satisfies TMessageKey }),
});
export type TUpgradeApproveInput = z.input<typeof ZUpgradeApproveInput>;
export const ZUpgradeRejectInput = z.strictObject({
  userId: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
  reason: requiredText('validation.rejectReasonRequired', 500),
});
export type TUpgradeRejectInput = z.input<typeof ZUpgradeRejectInput>;

const ZPlanRef = z.object({ id: z.uuid(), name: z.string() });

/** A pending upgrade request as the admin's Plan upgrades table shows it. */
export const ZUpgradeRequest = z.object({
  id: z.uuid(),
  user: z.object({ id: z.uuid(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  currentPlan: ZPlanRef.nullable(),
  requestedPlan: ZPlanRef,
  /** The client's trading balance in dollars. */
  tradingBalance: z.number(),
  createdAt: z.iso.datetime(),
});
export type TUpgradeRequest = z.infer<typeof ZUpgradeRequest>;
export const ZUpgradeRequestList = z.object({ upgradeRequests: z.array(ZUpgradeRequest) });
export type TUpgradeRequestList = z.infer<typeof ZUpgradeRequestList>;
export const ZUpgradeAnswer = z.object({ message: z.string() });

/** The client's own latest upgrade request (the plans page and the dashboard banner read it). */
export const ZMyUpgradeRequest = z.object({
  id: z.uuid(),
  requestedPlan: ZPlanRef,
  status: z.enum(['pending', 'approved', 'rejected']),
  /** The plan an admin approved (may differ from the one asked for). */
  approvedPlan: ZPlanRef.nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type TMyUpgradeRequest = z.infer<typeof ZMyUpgradeRequest>;
export const ZMyUpgradeAnswer = z.object({ upgradeRequest: ZMyUpgradeRequest.nullable() });
export type TMyUpgradeAnswer = z.infer<typeof ZMyUpgradeAnswer>;
