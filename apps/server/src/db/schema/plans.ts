import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// A file of its own: users (their current plan) and investments both refer to plans, and plans to neither.

/** The operator's product. Soft-deleted; a plan with investments is never deleted. */
export const investmentPlans = pgTable(
  'investment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Total interest over the whole duration, in basis points (12.5 % = 1250). */
    interestBp: integer('interest_bp').notNull(),
    duration: integer('duration').notNull(),
    noOfTimes: integer('no_of_times').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('investment_plans_live_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    check('investment_plans_interest_check', sql`${t.interestBp} > 0 and ${t.interestBp} <= 100000`),
    check('investment_plans_duration_check', sql`${t.duration} in (7, 10, 14, 30)`),
    check('investment_plans_no_of_times_check', sql`${t.noOfTimes} between 1 and 4`),
    check('investment_plans_limits_check', sql`${t.minAmount} >= 0 and ${t.maxAmount} >= ${t.minAmount}`),
  ],
);
