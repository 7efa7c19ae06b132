import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../src/db/client.ts';
import { investments, payouts } from '../../src/db/schema/investments.ts';
import { transactions } from '../../src/db/schema/money.ts';
import { investmentPlans } from '../../src/db/schema/plans.ts';
import { users } from '../../src/db/schema/users.ts';
import { post } from '../../src/ledger/ledger.ts';
import { maturityOf, schedulePayouts, type TScheduledPayout } from '../../src/modules/investing/payouts/schedule.ts';
import { createUser } from './factories.ts';

/**
 * Approved investments with their payout schedules, written straight to the database the way the
 * investments module leaves them (a funded `Investment` record, its terms, the money in trading, the
 * schedule from `schedulePayouts`), so payout tests do not go through plans and approvals.
 */

export interface TInvestmentTerms {
  /** Principal in cents. */
  principal: bigint;
  /** Total interest in basis points (7.77 % = 777). */
  interestBp: number;
  duration: 7 | 10 | 14 | 30;
  noOfTimes: 1 | 2 | 3 | 4;
  /** The schedule starts here: in the past, some or all payouts are due. */
  approvedAt: Date;
  /** An existing client; default a new one. */
  userId?: string;
  planName?: string;
}

export interface TFixtureInvestment {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  schedule: TScheduledPayout[];
}

/** A plan of its own (a unique name), with the given terms. */
export async function createPlan(
  db: Db,
  terms: Pick<TInvestmentTerms, 'interestBp' | 'duration' | 'noOfTimes' | 'planName'>,
): Promise<{ id: string; name: string }> {
  const name = `${terms.planName ?? 'Fixture Plan'} ${randomBytes(3).toString('hex')}`;
  const [plan] = await db
    .insert(investmentPlans)
    .values({
      name,
      interestBp: terms.interestBp,
      duration: terms.duration,
      noOfTimes: terms.noOfTimes,
      minAmount: 0n,
      maxAmount: 100_000_000_000n,
    })
    .returning({ id: investmentPlans.id, name: investmentPlans.name });
  if (!plan) throw new Error('no plan');
  return plan;
}

/**
 * An approved investment: the client gets the principal (external → balance), invests it
 * (balance → trading) and the schedule is written from `approvedAt`; the client's plan is set when
 * they have none.
 */
export async function createApprovedInvestment(
  app: FastifyInstance,
  terms: TInvestmentTerms,
): Promise<TFixtureInvestment> {
  const userId = terms.userId ?? (await createUser(app, 'Client')).id;
  const plan = await createPlan(app.db, terms);
  return app.db.transaction(async (tx) => {
    const [record] = await tx
      .insert(transactions)
      .values({
        userId,
        type: 'Investment',
        status: 'Approved',
        amount: terms.principal,
        direction: 'out',
        investmentPlanId: plan.id,
        investmentPlanName: plan.name,
        createdAt: terms.approvedAt,
        decidedAt: terms.approvedAt,
      })
      .returning({ id: transactions.id });
    if (!record) throw new Error('no investment record');
    await post(tx, {
      kind: 'deposit.completed',
      reason: 'Fixture deposit for an investment',
      actorId: null,
      legs: [
        { account: 'external', amount: -terms.principal },
        { userId, account: 'balance', amount: terms.principal },
      ],
    });
    await post(tx, {
      kind: 'investment.funded',
      reason: `Investment in ${plan.name} from the account balance`,
      actorId: userId,
      ref: { type: 'transaction', id: record.id },
      legs: [
        { userId, account: 'balance', amount: -terms.principal },
        { userId, account: 'trading', amount: terms.principal },
      ],
    });
    await tx.insert(investments).values({
      id: record.id,
      userId,
      planId: plan.id,
      interestBp: terms.interestBp,
      duration: terms.duration,
      noOfTimes: terms.noOfTimes,
      fundedAt: terms.approvedAt,
      approvedAt: terms.approvedAt,
      maturesAt: maturityOf(terms, terms.approvedAt),
      createdAt: terms.approvedAt,
    });
    const schedule = await schedulePayouts(
      tx,
      { id: record.id, userId, amount: terms.principal, ...terms },
      terms.approvedAt,
    );
    await tx
      .update(users)
      .set({ planId: plan.id, planName: plan.name })
      .where(sql`${users.id} = ${userId} and ${users.planId} is null`);
    return { id: record.id, userId, planId: plan.id, planName: plan.name, schedule };
  });
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** Investment terms with the approval given as how long ago it was: what is due follows from it. */
export type TInvestmentTermsAgo = Omit<TInvestmentTerms, 'approvedAt'> & { approvedAgoMs: number };

/** `createApprovedInvestment`, approved `approvedAgoMs` before now. */
export function createInvestmentApprovedAgo(app: FastifyInstance, terms: TInvestmentTermsAgo) {
  return createApprovedInvestment(app, { ...terms, approvedAt: new Date(Date.now() - terms.approvedAgoMs) });
}

/** An approved investment whose every payout is due: approved its whole duration (and a millisecond) ago. */
export function createFullyDueInvestment(app: FastifyInstance, terms: Omit<TInvestmentTerms, 'approvedAt'>) {
  return createInvestmentApprovedAgo(app, { ...terms, approvedAgoMs: terms.duration * DAY + 1 });
}

/** The payouts of an investment in schedule order. */
export function payoutsOf(db: Db, investmentId: string) {
  return db.select().from(payouts).where(eq(payouts.investmentId, investmentId)).orderBy(payouts.sequence);
}

/** A user's five balance columns, under the names the tests compare them by. */
export const BALANCE_COLUMNS = {
  balance: users.balance,
  trading: users.tradingBalance,
  profit: users.profitBalance,
  bonus: users.bonus,
  hold: users.withdrawalHold,
};

/** A client's five balances, in cents. */
export async function balancesOf(db: Db, userId: string) {
  const [row] = await db.select(BALANCE_COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

/** Postings per payout of `kind`: a payout paid twice would show 2. */
export async function postingsPerRef(db: Db, kind: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ ref_id: string; n: number }>(
    db,
    sql`select ref_id, count(*)::int as n from ledger_transactions where kind = ${kind} group by ref_id`,
  );
  return new Map(rows.map((r) => [r.ref_id, Number(r.n)]));
}

/**
 * Many due payouts quickly, in SQL: `clients` new clients with `investmentsPerClient` approved,
 * funded investments each, `payoutsPerInvestment` payouts of `amount` cents each, all due (the
 * schedule started `daysAgo` days ago, one payout per `stepMinutes`), and the ledger and balances
 * to match (external → trading per investment), so that `verifyLedger` stays clean. Amounts are
 * fixed rather than computed from a plan: throughput and exactly-once tests, not schedule tests.
 * Investments are approved 37 seconds apart, so due times rarely tie (as with real approvals).
 */
export async function seedDuePayouts(
  db: Db,
  options: {
    clients: number;
    investmentsPerClient: number;
    payoutsPerInvestment: number;
    /** Cents per payout. */
    amount: number;
    /** Cents per investment. */
    principal: number;
    tag?: string;
  },
): Promise<{ planId: string; payouts: number }> {
  const tag = options.tag ?? randomBytes(4).toString('hex');
  const plan = await createPlan(db, { interestBp: 1000, duration: 30, noOfTimes: 4, planName: `Seed ${tag}` });
  const count = options.payoutsPerInvestment;
  await db.execute(sql`
    insert into users (type, firstname, lastname, username, email, password_hash, referral_code,
                       plan_id, plan_name)
    select 'Client', 'Seed', 'Client ' || i, 'seed_' || ${tag} || '_' || i, 'seed.' || ${tag} || '.' || i || '@example.com',
           'not-a-real-hash', upper(substr(md5(${tag} || i), 1, 10)), ${plan.id}::uuid, ${plan.name}
    from generate_series(1, ${options.clients}::int) as i`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table seed_inv on commit drop as
      select gen_random_uuid() as id, u.id as user_id,
             now() - interval '40 days' + row_number() over () * interval '37 seconds' as approved_at
      from users u cross join generate_series(1, ${options.investmentsPerClient}::int)
      where u.username like ${`seed\\_${tag}\\_%`}`);
    await tx.execute(sql`
      insert into transactions (id, user_id, type, status, amount, direction, investment_plan_id,
                                investment_plan_name, created_at, decided_at)
      select id, user_id, 'Investment', 'Approved', ${options.principal}::bigint, 'out', ${plan.id}::uuid,
             ${plan.name}, approved_at, approved_at
      from seed_inv`);
    await tx.execute(sql`
      insert into investments (id, user_id, plan_id, interest_bp, duration, no_of_times, funded_at,
                               approved_at, matures_at, created_at)
      select id, user_id, ${plan.id}::uuid, 1000, 30, 4, approved_at, approved_at,
             approved_at + interval '30 days', approved_at
      from seed_inv`);
    await tx.execute(sql`
      insert into payouts (investment_id, user_id, sequence, count, amount, due_at, created_at)
      select s.id, s.user_id, g, ${count}::int, ${options.amount}::bigint,
             s.approved_at + (g || ' minutes')::interval, s.approved_at
      from seed_inv s cross join generate_series(1, ${count}::int) as g`);
    // The money: one funding posting per investment, external → trading.
    await tx.execute(sql`
      create temporary table seed_ltx on commit drop as
      select gen_random_uuid() as ltx_id, id, user_id from seed_inv`);
    await tx.execute(sql`
      insert into ledger_transactions (id, kind, reason, actor_id, ref_type, ref_id)
      select ltx_id, 'investment.funded', 'Seeded investment', null, 'transaction', id from seed_ltx`);
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, user_id, account, amount)
      select ltx_id, null, 'external', -${options.principal}::bigint from seed_ltx
      union all
      select ltx_id, user_id, 'trading', ${options.principal}::bigint from seed_ltx`);
    await tx.execute(sql`
      update users u set trading_balance = u.trading_balance + s.total
      from (select user_id, count(*) * ${options.principal}::bigint as total from seed_inv group by user_id) s
      where u.id = s.user_id`);
  });
  await db.execute(sql`analyze payouts`);
  return { planId: plan.id, payouts: options.clients * options.investmentsPerClient * count };
}

/**
 * The route table's payout to reject: a Pending payout of `ownerId` with a fixed id, not due, put
 * back to Pending before each call. It is the first of a 7-payout schedule, so rejecting it never
 * matures its investment (the money stays where it is, however often it is rejected).
 */
export async function placePendingPayout(app: FastifyInstance, ownerId: string, id: string): Promise<void> {
  const reset = await app.db
    .update(payouts)
    .set({ status: 'Pending', processedAt: null, reason: null, rejectedBy: null })
    .where(eq(payouts.id, id))
    .returning({ id: payouts.id });
  if (reset.length > 0) return;
  const investment = await createApprovedInvestment(app, {
    userId: ownerId,
    principal: 10_000n,
    interestBp: 700,
    duration: 7,
    noOfTimes: 1,
    approvedAt: new Date(),
  });
  await app.db
    .update(payouts)
    .set({ id })
    .where(and(eq(payouts.investmentId, investment.id), eq(payouts.sequence, 1)));
}
