import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { verifyLedger } from '../../src/ledger/verify.ts';
import { withdrawalLimitsOf } from '../../src/modules/money/withdrawals/index.ts';
import { checkChain } from './chain-invariants.ts';
import { checkHistories } from './history.ts';
import type { TClient, World } from './world.ts';

/**
 * The invariants checked after every batch (docs/money.md, "Invariants"), each answering the problems
 * it finds, one line each:
 * - the whole ledger: every balance equals its entries, every transaction and the ledger sum to
 *   zero, no balance below zero, no record posted twice as the same event, no record with two final
 *   outcomes, payouts paid exactly once, the platform's external account equal to the money that
 *   came in and went out, nothing failed in the background;
 * - what the API acknowledged: every record it answered is there, once, with the outcome it
 *   answered;
 * - withdrawal limits never exceeded, from the records;
 * - no money moved above a four-eyes threshold without a second staff member's approval;
 * - deposits seen on chain credited exactly once, only from the node's chain, for what the rules say
 *   (chain-invariants.ts);
 * - the history of each client the batch touched, as the API returns it (history.ts).
 */
export async function checkInvariants(world: World, clients: TClient[]): Promise<string[]> {
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      world.timings.set(name, (world.timings.get(name) ?? 0) + performance.now() - started);
    }
  };
  const problems = [
    ...(await timed('ledger', () => checkLedger(world))),
    ...(await timed('records', () =>
      checkRecords(
        world,
        clients.map((c) => c.id),
      ),
    )),
    ...(await timed('acknowledged', () => checkAcknowledged(world))),
    ...(await timed('orders', () => checkOrders(world))),
    ...(await timed('withdrawal limits', () =>
      checkWithdrawalLimits(
        world,
        clients.map((c) => c.id),
      ),
    )),
    ...(await timed('four eyes', () => checkFourEyes(world))),
    ...(await timed('chain', () => checkChain(world))),
    ...background(world),
  ];
  return [...problems, ...(await timed('histories', () => checkHistories(world, clients)))];
}

async function checkLedger(world: World): Promise<string[]> {
  const db = world.app.db;
  const problems: string[] = [];
  const report = await verifyLedger(db);
  if (!report.ok) {
    problems.push(
      `ledger: total ${report.total}; ${report.differences.length} balance(s) differ from their entries ` +
        `${JSON.stringify(report.differences.slice(0, 5))}; unbalanced transactions ${JSON.stringify(report.unbalancedTransactions.slice(0, 5))}`,
    );
  }
  const negative = await queryRows<{ id: string }>(
    db,
    sql`select id::text from users
        where balance < 0 or trading_balance < 0 or profit_balance < 0 or bonus < 0 or withdrawal_hold < 0 limit 5`,
  );
  for (const row of negative) problems.push(`user ${row.id} has a balance below zero`);
  const twice = await queryRows<{ kind: string; ref_id: string; n: number }>(
    db,
    sql`select kind, ref_id::text, count(*)::int as n from ledger_transactions
        where ref_id is not null group by kind, ref_id having count(*) > 1 limit 5`,
  );
  for (const row of twice) problems.push(`record ${row.ref_id} was posted ${row.n} times as ${row.kind}`);
  const conflicting = await queryRows<{ ref_id: string; kinds: string }>(
    db,
    sql`select ref_id::text, string_agg(kind, ', ') as kinds from ledger_transactions
        where kind in ('withdrawal.completed', 'withdrawal.declined', 'withdrawal.deleted')
        group by ref_id having count(*) > 1
        union all
        select ref_id::text, string_agg(kind, ', ') from ledger_transactions
        where kind in ('investment.declined', 'investment.matured')
        group by ref_id having count(*) > 1
        limit 5`,
  );
  for (const row of conflicting) problems.push(`record ${row.ref_id} has two final outcomes: ${row.kinds}`);
  const [external] = await queryRows<{ ledger: string; records: string }>(
    db,
    sql`select
      (select coalesce(sum(amount), 0) from ledger_entries where user_id is null and account = 'external')::text as ledger,
      (select coalesce(sum(case when type = 'Withdrawal' then amount else -amount end), 0)
         from transactions where status = 'Completed' and type in ('Deposit', 'Withdrawal'))::text as records`,
  );
  if (external?.ledger !== external?.records) {
    problems.push(
      `the external account holds ${external?.ledger}; completed withdrawals − deposits are ${external?.records}`,
    );
  }
  const [payouts] = await queryRows<{ completed: number }>(
    db,
    sql`select count(*)::int as completed from payouts where status = 'Completed'`,
  );
  if (payouts?.completed !== world.payoutsProcessed) {
    problems.push(
      `${payouts?.completed} payouts are Completed; the calls and runs that paid them said ${world.payoutsProcessed}`,
    );
  }
  const closed = await queryRows<{ id: string; held: string }>(
    db,
    sql`select id::text, (balance + trading_balance + profit_balance + bonus + withdrawal_hold)::text as held
        from users where closed_at is not null
          and (balance <> 0 or trading_balance <> 0 or profit_balance <> 0 or bonus <> 0 or withdrawal_hold <> 0)
        limit 5`,
  );
  for (const row of closed) {
    // What reached it after it closed, for the report.
    const after = await queryRows<{ kind: string; account: string; amount: string; reason: string }>(
      db,
      sql`select t.kind, e.account, e.amount::text, t.reason
          from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join users u on u.id = e.user_id
          where e.user_id = ${row.id}::uuid and t.created_at > u.closed_at order by t.created_at limit 5`,
    );
    const postings = after.map((a) => `${a.kind} ${a.account} ${a.amount}¢ ("${a.reason}")`);
    problems.push(`closed account ${row.id} holds ${row.held} cents; posted after it closed: ${postings.join(', ')}`);
  }
  return problems;
}

/**
 * Withdrawal limits never exceeded (docs/money.md, "Withdrawal limits"), from the records alone: for
 * each counted withdrawal (Pending or Completed, not deleted) of `userIds`, its amount is within the
 * per-request maximum, and the client's counted withdrawals asked for in the 24 hours and the 30 days
 * up to it add up to no more than those limits, for the client's verification state (which the run
 * never changes).
 */
async function checkWithdrawalLimits(world: World, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const limits = withdrawalLimitsOf(world.app.config);
  const rows = await queryRows<{ id: string; verified: boolean; amount: string; day: string; month: string }>(
    world.app.db,
    sql`select w.id::text, u.is_verified as verified, w.amount::text,
          (select coalesce(sum(o.amount), 0) from transactions o
            where o.user_id = w.user_id and o.deleted_at is null and o.type = 'Withdrawal'
              and o.status in ('Pending', 'Completed')
              and o.created_at > w.created_at - interval '24 hours' and o.created_at <= w.created_at)::text as day,
          (select coalesce(sum(o.amount), 0) from transactions o
            where o.user_id = w.user_id and o.deleted_at is null and o.type = 'Withdrawal'
              and o.status in ('Pending', 'Completed')
              and o.created_at > w.created_at - interval '30 days' and o.created_at <= w.created_at)::text as month
        from transactions w join users u on u.id = w.user_id
        where w.user_id = any(${sql.param(userIds)}::uuid[]) and w.deleted_at is null and w.type = 'Withdrawal'
          and w.status in ('Pending', 'Completed')`,
  );
  const problems: string[] = [];
  for (const row of rows) {
    const set = row.verified ? limits.verified : limits.unverified;
    const over = (value: string, limit: bigint | null) => limit !== null && BigInt(value) > limit;
    if (over(row.amount, set.perRequest))
      problems.push(`withdrawal ${row.id} of ${row.amount}¢ is above the per-request maximum`);
    if (over(row.day, set.day)) problems.push(`withdrawal ${row.id}: ${row.day}¢ withdrawn in the 24 hours up to it`);
    if (over(row.month, set.month))
      problems.push(`withdrawal ${row.id}: ${row.month}¢ withdrawn in the 30 days up to it`);
  }
  return problems.slice(0, 5);
}

/**
 * Four eyes (docs/money.md, "Four-eyes approval"), from the records: every approved approval was
 * decided by someone other than who asked; every Completed withdrawal above the threshold has
 * exactly one approved approval and every approved withdrawal approval its Completed withdrawal;
 * each client's Credit, Debit and Add Profit records above the threshold are exactly as many as the
 * approved approvals of their kind, and their Clear Balance records above it no more than those.
 */
async function checkFourEyes(world: World): Promise<string[]> {
  const db = world.app.db;
  const { APPROVAL_WITHDRAWAL_ABOVE: withdrawalAbove, APPROVAL_ADJUSTMENT_ABOVE: adjustmentAbove } = world.app.config;
  const problems: string[] = [];
  const own = await queryRows<{ id: string }>(
    db,
    sql`select id::text from approvals where status = 'Approved' and decided_by = requested_by`,
  );
  for (const row of own) problems.push(`approval ${row.id} was approved by the one who asked for it`);
  if (withdrawalAbove !== null) {
    const withdrawals = await queryRows<{ id: string; status: string; approved: number }>(
      db,
      sql`select t.id::text, t.status,
            (select count(*) from approvals a where a.transaction_id = t.id and a.status = 'Approved')::int as approved
          from transactions t
          where t.type = 'Withdrawal'
            and ((t.status = 'Completed' and t.amount > ${withdrawalAbove})
              or exists (select 1 from approvals a where a.transaction_id = t.id and a.status = 'Approved'))`,
    );
    for (const row of withdrawals) {
      if (row.status !== 'Completed' || row.approved !== 1)
        problems.push(`withdrawal ${row.id} is ${row.status} with ${row.approved} approved approvals`);
    }
  }
  if (adjustmentAbove !== null) {
    const kinds = await queryRows<{ user_id: string; kind: string; records: number; approved: number }>(
      db,
      sql`with records as (
            select user_id, adjustment_kind as kind, count(*)::int as n from transactions
            where type = 'Adjustment' and amount > ${adjustmentAbove} group by 1, 2),
          approved as (
            select user_id, kind, count(*)::int as n from approvals
            where status = 'Approved' and kind <> 'withdrawal' group by 1, 2)
          select coalesce(r.user_id, a.user_id)::text as user_id, coalesce(r.kind, a.kind) as kind,
            coalesce(r.n, 0) as records, coalesce(a.n, 0) as approved
          from records r full join approved a on a.user_id = r.user_id and a.kind = r.kind`,
    );
    for (const row of kinds) {
      const fine = row.kind === 'clear' ? row.records <= row.approved : row.records === row.approved;
      if (!fine)
        problems.push(
          `client ${row.user_id}: ${row.records} ${row.kind} records above the threshold, ${row.approved} approved`,
        );
    }
  }
  return problems.slice(0, 5);
}

/**
 * The records of `userIds` against their own tables: payouts paid exactly once with one history
 * record each, positions and signal trades closed exactly when their history rows say so, investments
 * with the payouts their approval schedules.
 */
async function checkRecords(world: World, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const db = world.app.db;
  const ids = sql.param(userIds);
  const problems: string[] = [];
  const payouts = await queryRows<{ id: string; status: string; amount: string; posted: number; recorded: boolean }>(
    db,
    sql`select * from (
          select p.id::text, p.status, p.amount::text,
            (select count(*)::int from ledger_transactions t
              where t.ref_type = 'payout' and t.ref_id = p.id and t.kind = 'payout.paid') as posted,
            exists (select 1 from transactions r where r.id = p.id) as recorded,
            p.status = 'Completed' and p.amount > 0 as paid
          from payouts p where p.user_id = any(${ids}::uuid[])) x
        where x.posted <> (case when x.paid then 1 else 0 end) or x.recorded <> x.paid
        limit 5`,
  );
  for (const p of payouts) {
    problems.push(
      `payout ${p.id} (${p.status}, ${p.amount}¢): ${p.posted} payout.paid postings, history record: ${p.recorded}`,
    );
  }
  const positions = await queryRows<{
    id: string;
    status: string;
    pnl: string | null;
    row_status: string | null;
    row_pnl: string | null;
  }>(
    db,
    sql`select p.id::text, p.status, p.pnl::text, r.status as row_status, r.pnl::text as row_pnl
        from positions p left join transactions r on r.id = p.id
        where p.user_id = any(${ids}::uuid[])
          and (r.id is null
            or (p.status = 'open' and (r.status <> 'Pending' or p.pnl is not null))
            or (p.status = 'closed' and (r.status <> 'Completed' or p.pnl is null or r.pnl is distinct from p.pnl)))
        limit 5`,
  );
  for (const p of positions) {
    problems.push(
      `position ${p.id} is ${p.status} (pnl ${p.pnl}), its history record ${p.row_status} (pnl ${p.row_pnl})`,
    );
  }
  const trades = await queryRows<{ id: string; status: string; result: string | null; row_status: string | null }>(
    db,
    sql`select s.id::text, s.status, s.result, r.status as row_status
        from signal_trades s left join transactions r on r.id = s.id
        where s.user_id = any(${ids}::uuid[])
          and (r.id is null or r.amount <> s.entry
            or (s.status = 'active' and (r.status <> 'Pending' or s.actual_return is not null))
            or (s.status = 'completed' and (r.status <> 'Completed' or r.pnl is distinct from s.actual_return)))
        limit 5`,
  );
  for (const t of trades)
    problems.push(`signal trade ${t.id} is ${t.status} (${t.result}), its history record ${t.row_status}`);
  const investments = await queryRows<{
    id: string;
    status: string;
    funded: boolean;
    scheduled: number;
    expected: number;
    pending: number;
    matured: boolean;
  }>(
    db,
    sql`select * from (
          select i.id::text, r.status, i.funded_at is not null as funded, i.matured_at is not null as matured,
            i.duration * i.no_of_times as expected,
            (select count(*)::int from payouts p where p.investment_id = i.id) as scheduled,
            (select count(*)::int from payouts p where p.investment_id = i.id and p.status = 'Pending') as pending
          from investments i join transactions r on r.id = i.id
          where i.user_id = any(${ids}::uuid[])) x
        where (x.status = 'Approved') <> (x.scheduled = x.expected)
          or (x.status <> 'Approved' and x.scheduled > 0)
          or (x.status = 'Approved' and not x.funded)
          or (x.matured and x.pending > 0)
          or (x.status = 'Approved' and x.pending = 0 and not x.matured)
        limit 5`,
  );
  for (const i of investments) {
    problems.push(
      `investment ${i.id} is ${i.status} (funded ${i.funded}, matured ${i.matured}) with ${i.scheduled} payouts ` +
        `(${i.pending} pending) for ${i.expected} in its terms`,
    );
  }
  return problems;
}

/**
 * Every pending order ended at most once, with its money where it belongs: each acknowledged order is
 * there with its client and margin and one `order.place` posting; a filled one opened one position
 * of its own terms at its fill price and was never refunded; a cancelled or expired one was refunded
 * at most once and opened nothing; a pending one neither.
 */
async function checkOrders(world: World): Promise<string[]> {
  const ids = [...world.orders.keys()];
  if (ids.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    user_id: string;
    margin: string;
    status: string;
    places: number;
    refunds: number;
    position_ok: boolean | null;
  }>(
    world.app.db,
    sql`select o.id::text, o.user_id::text, o.margin::text, o.status,
          (select count(*)::int from ledger_transactions t where t.ref_id = o.id and t.kind = 'order.place') as places,
          (select count(*)::int from ledger_transactions t
             where t.ref_id = o.id and t.kind in ('order.cancel', 'order.expire')) as refunds,
          (select p.user_id = o.user_id and p.margin = o.margin and p.leverage = o.leverage and p.pair = o.pair
                  and p.type = o.type and p.entry_price = o.fill_price
             from positions p where p.id = o.position_id) as position_ok
        from orders o where o.id = any(${sql.param(ids)}::uuid[])`,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const [id, acked] of world.orders) {
    const row = found.get(id);
    if (row?.user_id !== acked.userId || BigInt(row.margin) !== acked.margin) {
      problems.push(
        `acknowledged order ${id} of ${acked.userId} (${acked.margin}¢) is ${row ? `${row.user_id}'s (${row.margin}¢)` : 'missing'}`,
      );
      continue;
    }
    const filled = row.status === 'filled';
    const ended = row.status === 'cancelled' || row.status === 'expired';
    if (
      row.places !== 1 ||
      row.refunds > (ended ? 1 : 0) ||
      filled !== (row.position_ok !== null) ||
      row.position_ok === false
    )
      problems.push(
        `order ${id} is ${row.status} with ${row.places} placing and ${row.refunds} refunds, position ${row.position_ok}`,
      );
  }
  return problems;
}

/** Every record the API acknowledged is there, once, with the outcome it answered. */
async function checkAcknowledged(world: World): Promise<string[]> {
  const db = world.app.db;
  const problems: string[] = [];
  const expected = new Map<string, { userId: string; type: string }>();
  for (const [id, d] of world.deposits) expected.set(id, { userId: d.userId, type: 'Deposit' });
  for (const [id, w] of world.withdrawals) expected.set(id, { userId: w.userId, type: 'Withdrawal' });
  for (const [id, i] of world.investments) expected.set(id, { userId: i.userId, type: 'Investment' });
  for (const [id, p] of world.positions) expected.set(id, { userId: p.userId, type: 'Position' });
  for (const [id, t] of world.trades) expected.set(id, { userId: t.userId, type: 'Signal' });
  if (expected.size > 0) {
    const rows = await queryRows<{ id: string; user_id: string; type: string; status: string; deleted: boolean }>(
      db,
      sql`select id::text, user_id::text, type, status, deleted_at is not null as deleted
          from transactions where id = any(${sql.param([...expected.keys()])}::uuid[])`,
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const [id, e] of expected) {
      const row = found.get(id);
      if (row?.user_id !== e.userId || row.type !== e.type) {
        problems.push(
          `acknowledged ${e.type} ${id} of ${e.userId} is ${row ? `a ${row.type} of ${row.user_id}` : 'missing'}`,
        );
      }
    }
    const status = (id: string) => found.get(id)?.status;
    for (const [id, d] of world.deposits) {
      if (d.completedAcked && status(id) !== 'Completed')
        problems.push(`deposit ${id} was answered Completed, is ${status(id)}`);
    }
    for (const [id, w] of world.withdrawals) {
      const outcomes = [...w.acked];
      if (outcomes.includes('Completed') && outcomes.length > 1) {
        problems.push(`withdrawal ${id} was answered ${outcomes.join(' and ')}`);
      }
      if (w.acked.has('Completed') && status(id) !== 'Completed')
        problems.push(`withdrawal ${id} was answered Completed, is ${status(id)}`);
      if ((w.acked.has('Declined') || w.acked.has('deleted')) && status(id) !== 'Declined') {
        problems.push(`withdrawal ${id} was answered ${outcomes.join(', ')}, is ${status(id)}`);
      }
      if (w.acked.has('deleted') && !found.get(id)?.deleted)
        problems.push(`withdrawal ${id} was answered deleted, is not`);
    }
    for (const [id, i] of world.investments) {
      if (i.acked.size > 1) problems.push(`investment ${id} was answered ${[...i.acked].join(' and ')}`);
      for (const outcome of i.acked) {
        if (status(id) !== outcome) problems.push(`investment ${id} was answered ${outcome}, is ${status(id)}`);
      }
    }
  }
  const closes = [...world.positions].filter(([, p]) => p.ackedClose);
  if (closes.length > 0) {
    const rows = await queryRows<{ id: string; status: string; close_reason: string | null; pnl: string | null }>(
      db,
      sql`select id::text, status, close_reason, pnl::text from positions
          where id = any(${sql.param(closes.map(([id]) => id))}::uuid[])`,
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const [id, p] of closes) {
      const row = found.get(id);
      const acked = p.ackedClose;
      if (
        !acked ||
        row?.status !== 'closed' ||
        row.close_reason !== acked.reason ||
        BigInt(row.pnl ?? 'NaN') !== acked.pnl
      ) {
        problems.push(
          `position ${id} was answered closed (${acked?.reason}, ${acked?.pnl}¢), is ${row?.status} (${row?.close_reason}, ${row?.pnl}¢)`,
        );
      }
    }
  }
  const closedClients = world.clients.filter((c) => c.closed).map((c) => c.id);
  if (closedClients.length > 0) {
    const open = await queryRows<{ id: string }>(
      db,
      sql`select id::text from users where closed_at is null and id = any(${sql.param(closedClients)}::uuid[])`,
    );
    for (const row of open) problems.push(`client ${row.id} was answered closed, is open`);
  }
  return problems;
}

/**
 * Work the server does on its own (jobs, stop-outs) never failed, but for the chain watcher's runs
 * while the run had taken the node away (chain.ts): exactly those failed.
 */
function background(world: World): string[] {
  const problems: string[] = [];
  const exits = world.app.exits.stats();
  if (exits.failedBatches > 0) problems.push(`${exits.failedBatches} stop-out batches failed`);
  for (const job of world.app.jobs.status()) {
    const expected = job.name === 'chain-deposits' ? (world.chain?.expectedFailures ?? 0) : 0;
    if (job.failedRuns !== expected)
      problems.push(`job ${job.name} failed ${job.failedRuns} times (expected ${expected}): ${job.lastError}`);
  }
  return problems;
}

/** Clients whose entries the ledger gained since `since` (the database's clock): jobs and stop-outs touch them too. */
export async function clientsPostedSince(world: World, since: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    world.app.db,
    sql`select distinct e.user_id::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.created_at >= ${since}::timestamptz and e.user_id is not null`,
  );
  return rows.map((r) => r.user_id);
}

export async function databaseNow(world: World): Promise<string> {
  const [row] = await queryRows<{ now: string }>(world.app.db, sql`select clock_timestamp()::text as now`);
  return row?.now ?? new Date().toISOString();
}
