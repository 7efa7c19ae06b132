import { isDeepStrictEqual } from 'node:util';
import { register } from '@meridian/contracts/endpoints/auth';
import { cancelOrder as cancelOrderEndpoint } from '@meridian/contracts/endpoints/orders';
import { processDueTrades, rejectTrade } from '@meridian/contracts/endpoints/payouts';
import { setPositionProtection } from '@meridian/contracts/endpoints/positions';
import { createSignal, getSignalEvidence, setSignalResult } from '@meridian/contracts/endpoints/signals';
import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { LEVERAGES, POSITION_DURATIONS } from '@meridian/contracts/position-terms';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { followVerificationLink } from '../helpers/email-verification.ts';
import { registrationForm, signIn } from '../helpers/factories.ts';
import { MINUTE, minuteOf, moveSignalWindow, recordPricePath } from '../helpers/signal-fixtures.ts';
import { describeCall, SimulationFailure, send, type TAnswer } from './api.ts';
import { runChainOperation } from './chain.ts';
import {
  availableOf,
  clearPlan,
  closeAccountPlan,
  planMoneyOp,
  protectionAt,
  reasonOf,
  type TPlan,
  verifyWithdrawalCodeOf,
} from './money-ops.ts';
import type { TBurstRequest, TMoneyOp, TOp } from './operations.ts';
import { pickOf, type World } from './world.ts';

/**
 * Runs one operation through the API (and, where the product's own clock or feed would act, through
 * what the existing tests use: prices pushed into `app.market`, schedules moved into the past with
 * SQL, `app.jobs.runNow`). Refusals are expected; a 5xx, an answer outside the contract, or an answer
 * that breaks a promise on the spot (a replay that differs, more taken at once than there was, a
 * result settled against its evidence) throws a `SimulationFailure`.
 */
export async function runOperation(world: World, op: TOp, index: number): Promise<void> {
  world.operation = index;
  world.count(op.kind, 'run');
  switch (op.kind) {
    case 'signUp':
      return signUp(world);
    case 'timePasses':
      return timePasses(world, op);
    case 'processPayouts':
      return processPayouts(world, op.viaJob);
    case 'rejectPayout':
      return rejectPayout(world, op.pick);
    case 'tick':
      tick(world, op.pair, op.price);
      return;
    case 'expirePositions':
      return expirePositions(world, op.pick, op.count);
    case 'setProtection':
      return setProtection(world, op);
    case 'cancelOrder':
      return cancelOrder(world, op);
    case 'expireOrders':
      return expireOrders(world, op.pick, op.count);
    case 'createSignal':
      return addSignal(world, op);
    case 'settleSignal':
      return settleSignal(world, op);
    case 'closeAccount':
      return closeAccount(world, op.client, op.clearFirst);
    case 'retry':
      return retry(world, op, index);
    case 'burst':
      return burst(world, op.client, op.requests);
    case 'race':
      return race(world, op);
    case 'chainSend':
    case 'chainMine':
    case 'chainWatch':
    case 'chainReorg':
    case 'chainOutage':
      return runChainOperation(world, op);
    default:
      return single(world, op);
  }
}

/** Sends a plan once and records the answer. */
async function sendPlan(world: World, kind: TOp['kind'], plan: TPlan): Promise<TAnswer> {
  world.requests += 1;
  const answer = await send(world.app, plan.call);
  world.touch(plan.userId);
  world.count(kind, answer.ok ? 'acknowledged' : 'refused');
  return answer;
}

async function single(world: World, op: TMoneyOp): Promise<void> {
  const plan = await planMoneyOp(world, op);
  if (!plan) return world.count(op.kind, 'skipped');
  const answer = await sendPlan(world, op.kind, plan);
  if (answer.ok) plan.onAck(answer.body);
}

// --- people ---------------------------------------------------------------------------------------

async function signUp(world: World): Promise<void> {
  const form = registrationForm();
  world.requests += 2;
  const answer = await send(world.app, { endpoint: register, body: { ...form } });
  world.count('signUp', answer.ok ? 'acknowledged' : 'refused');
  if (!answer.ok) return;
  // A new client follows the mailed link before any of their money moves.
  world.requests += 1;
  await followVerificationLink(world.app, form.email);
  const session = await signIn(world.app, form.email, form.password);
  world.addClient({ id: session.id, email: form.email, session, closed: false });
}

async function closeAccount(world: World, pick: number, clearFirst: boolean): Promise<void> {
  const client = world.client(pick);
  if (clearFirst) {
    world.count('clear', 'run');
    const clear = clearPlan(world, client);
    const cleared = await sendPlan(world, 'clear', clear);
    if (cleared.ok) clear.onAck(cleared.body);
  }
  const plan = closeAccountPlan(world, client);
  const answer = await sendPlan(world, 'closeAccount', plan);
  if (answer.ok) plan.onAck(answer.body);
}

// --- idempotent retries and concurrent requests ---------------------------------------------------

/** The same request with one of its fields changed, for the same key: the server must refuse it. */
function alteredBody(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!body) return undefined;
  for (const field of ['amount', 'entryAmount'] as const) {
    if (typeof body[field] === 'number')
      return { ...body, [field]: Math.round((body[field] as number) * 100 + 1) / 100 };
  }
  if (typeof body.status === 'string') return { ...body, status: body.status === 'Declined' ? 'Pending' : 'Declined' };
  return undefined;
}

/**
 * A money request sent `copies` times with one Idempotency-Key, one after another or all at once:
 * every copy gets the first answer (status and body; the repeats marked `idempotent-replayed`), and
 * the money moves once, so the acknowledgement is recorded once. Then, sometimes, the same key with
 * another body: 422 IDEMPOTENCY_MISMATCH once the first answer is stored.
 */
async function retry(world: World, op: Extract<TOp, { kind: 'retry' }>, index: number): Promise<void> {
  const plan = await planMoneyOp(world, op.inner);
  if (!plan) return world.count('retry', 'skipped');
  const key = `sim-${world.seed}-${index}`;
  const what = `${describeCall(plan.call)} with Idempotency-Key ${key}`;
  let answers: TAnswer[];
  if (op.concurrent) {
    world.requests += op.copies;
    answers = await Promise.all(Array.from({ length: op.copies }, () => send(world.app, plan.call, key)));
  } else {
    answers = [];
    for (let i = 0; i < op.copies; i++) {
      world.requests += 1;
      answers.push(await send(world.app, plan.call, key));
    }
  }
  world.touch(plan.userId);
  const statuses = answers.map((a) => a.status);
  if (new Set(statuses).size !== 1) throw new SimulationFailure(`${what}: copies answered ${statuses.join(', ')}`);
  const first = answers.find((a) => !a.replayed) ?? answers[0];
  if (!first) return;
  world.count('retry', first.ok ? 'acknowledged' : 'refused');
  if (first.ok) {
    const originals = answers.filter((a) => !a.replayed).length;
    if (originals !== 1) {
      throw new SimulationFailure(`${what}: ${originals} copies answered as the original, not exactly one`);
    }
    for (const answer of answers) {
      if (!isDeepStrictEqual(JSON.parse(answer.raw), JSON.parse(first.raw))) {
        throw new SimulationFailure(`${what}: a repeat answered ${answer.raw}, not the first answer ${first.raw}`);
      }
    }
    plan.onAck(first.body);
  } else {
    const codes = new Set(answers.map((a) => (a.ok ? 'ok' : a.error.error)));
    if (codes.size !== 1) throw new SimulationFailure(`${what}: copies were refused differently: ${[...codes]}`);
  }
  const altered = alteredBody(plan.call.body);
  if (op.mismatch && altered && first.ok) {
    world.requests += 1;
    const mismatch = await send(world.app, { ...plan.call, body: altered }, key);
    if (mismatch.ok || mismatch.status !== 422 || mismatch.error.error !== 'IDEMPOTENCY_MISMATCH') {
      throw new SimulationFailure(
        `${what}: another body under the same key answered ${mismatch.status} ${mismatch.raw}`,
      );
    }
  }
}

/** The money operation a burst request stands for, on `client`. */
function burstOp(world: World, client: number, request: TBurstRequest): TMoneyOp {
  const { variant } = request;
  const amount = { permille: request.permille };
  switch (request.kind) {
    case 'withdraw':
      return { kind: 'withdraw', variant, client, amount, withCode: true };
    case 'debit':
      return { kind: 'debit', variant, client, amount };
    case 'investFromBalance':
      return { kind: 'investFromBalance', variant, client, plan: variant, amount };
    case 'openPosition':
      return {
        kind: 'openPosition',
        variant,
        client,
        pair: MARKET_PAIRS[variant % MARKET_PAIRS.length] as TPair,
        side: variant % 2 === 0 ? 'buy' : 'sell',
        leverage: LEVERAGES[(variant >>> 4) % LEVERAGES.length] ?? 1,
        expiration: POSITION_DURATIONS[(variant >>> 8) % POSITION_DURATIONS.length] ?? 60,
        amount,
        takeProfit: null,
        stopLoss: null,
      };
    case 'joinSignal':
      // Every join of a burst aims at the same signal: one join per client and signal.
      return { kind: 'joinSignal', variant, client, pick: world.seed, amount };
  }
}

/**
 * Several requests taking one client's money at the same moment, each a large share of what the
 * client has: the ledger's row lock lets them through one at a time, so together they never take
 * more than there was (the rest are refused cleanly, 4xx), one verified code allows one withdrawal,
 * and a client joins a signal once.
 */
async function burst(world: World, pick: number, requests: TBurstRequest[]): Promise<void> {
  const client = world.client(pick);
  // Nothing else moves this client's money meanwhile: stop-outs of earlier ticks have finished.
  await world.app.exits.settled();
  const before = await availableOf(world, client);
  if (requests.some((r) => r.kind === 'withdraw')) await verifyWithdrawalCodeOf(world, client);
  const plans: { plan: TPlan; kind: TBurstRequest['kind'] }[] = [];
  for (const request of requests) {
    const base = request.kind === 'withdraw' ? before.withdrawable : before.balance;
    const share = (base * BigInt(request.permille)) / 1000n;
    const plan = await planMoneyOp(world, burstOp(world, pick, request), {
      cents: share > 0n ? share : 1n,
      codeVerified: true,
    });
    if (plan) plans.push({ plan, kind: request.kind });
  }
  if (plans.length === 0) return world.count('burst', 'skipped');
  world.requests += plans.length;
  const answers = await Promise.all(plans.map(({ plan }) => send(world.app, plan.call)));
  world.touch(client.id);
  let fromBalance = 0n;
  let withdrawn = 0n;
  let withdrawals = 0;
  let joins = 0;
  const lines: string[] = [];
  answers.forEach((answer, i) => {
    const { plan, kind } = plans[i] as (typeof plans)[number];
    lines.push(`${describeCall(plan.call)} ${JSON.stringify(plan.call.body)} → ${answer.status}`);
    world.count('burst', answer.ok ? 'acknowledged' : 'refused');
    if (!answer.ok) return;
    plan.onAck(answer.body);
    // A debit sent for approval took nothing (yet).
    const taken = plan.waited ? 0n : (plan.takes?.cents ?? 0n);
    if (kind === 'withdraw') {
      withdrawn += taken;
      withdrawals += 1;
    } else {
      fromBalance += taken;
    }
    if (kind === 'joinSignal') joins += 1;
  });
  // A withdrawal takes the profit first, then the balance; everything else takes the balance.
  const profit = before.withdrawable - before.balance;
  const fromBalanceInAll = fromBalance + (withdrawn > profit ? withdrawn - profit : 0n);
  const problems = [
    fromBalanceInAll > before.balance &&
      `took ${fromBalance} cents and withdrew ${withdrawn} with a balance of ${before.balance} and a profit of ${profit}`,
    withdrawals > 1 && `${withdrawals} withdrawals on one verified code`,
    joins > 1 && `${joins} joins of one signal by one client`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) {
    throw new SimulationFailure(
      `concurrent requests of client ${client.id}: ${problems.join('; ')}\n${lines.join('\n')}`,
    );
  }
}

/** The two contrary decisions of a race, both on the record `pick` names. */
function raceOps(op: Extract<TOp, { kind: 'race' }>): [TMoneyOp, TMoneyOp] {
  const { variant, pick } = op;
  const other = variant + 1;
  switch (op.target) {
    case 'deposit':
      return [
        { kind: 'decideDeposit', variant, pick, status: 'Completed', anyRecord: false, viaTransactions: false },
        {
          kind: 'decideDeposit',
          variant: other,
          pick,
          status: 'Declined',
          anyRecord: false,
          viaTransactions: variant % 2 === 0,
        },
      ];
    case 'withdrawal':
      return [
        { kind: 'decideWithdrawal', variant, pick, decision: 'Completed', anyRecord: false },
        {
          kind: 'decideWithdrawal',
          variant: other,
          pick,
          decision: variant % 3 === 0 ? 'delete' : 'Declined',
          anyRecord: false,
        },
      ];
    case 'investment':
      return [
        { kind: 'decideInvestment', variant, pick, status: 'Approved', anyRecord: false },
        { kind: 'decideInvestment', variant: other, pick, status: 'Declined', anyRecord: false },
      ];
    case 'position':
      return [
        { kind: 'closePosition', variant, pick, byAdmin: false, anyRecord: false },
        { kind: 'closePosition', variant: other, pick, byAdmin: true, anyRecord: false },
      ];
  }
}

/**
 * Two contrary decisions on one record at the same moment (Completed and Declined, Approved and
 * Declined, the client's Close and the desk's): the record's lock lets one win; the other is refused
 * (409), except a deposit, whose Declined is not final, so Declined then Completed may both succeed.
 */
async function race(world: World, op: Extract<TOp, { kind: 'race' }>): Promise<void> {
  const plans: TPlan[] = [];
  for (const raced of raceOps(op)) {
    const plan = await planMoneyOp(world, raced);
    if (plan) plans.push(plan);
  }
  if (plans.length < 2) return world.count('race', 'skipped');
  world.requests += plans.length;
  const answers = await Promise.all(plans.map((plan) => send(world.app, plan.call)));
  answers.forEach((answer, i) => {
    world.touch(plans[i]?.userId);
    world.count('race', answer.ok ? 'acknowledged' : 'refused');
    if (answer.ok) plans[i]?.onAck(answer.body);
  });
  // A completion sent for approval decided nothing: the Declined beside it may well succeed.
  if (op.target !== 'deposit' && answers.every((a) => a.ok) && !plans.some((plan) => plan.waited)) {
    const lines = plans.map(
      (plan, i) => `${describeCall(plan.call)} ${JSON.stringify(plan.call.body)} → ${answers[i]?.raw}`,
    );
    throw new SimulationFailure(`both contrary decisions were acknowledged:\n${lines.join('\n')}`);
  }
}

// --- investments and payouts ----------------------------------------------------------------------

/** Time passes for some approved investments (or all): their pending payouts fall due `hours` sooner. */
async function timePasses(world: World, op: Extract<TOp, { kind: 'timePasses' }>): Promise<void> {
  const approved = [...world.investments].filter(([, i]) => i.status === 'Approved').map(([id]) => id);
  if (approved.length === 0) return world.count('timePasses', 'skipped');
  const ids =
    op.investments === 0
      ? approved
      : Array.from({ length: op.investments }, (_, i) => pickOf(approved, op.pick + i * 7919) as string);
  const shift = sql`(${op.hours}::int * interval '1 hour')`;
  await world.app.db.execute(sql`
    update payouts set due_at = due_at - ${shift}, created_at = created_at - ${shift}
    where status = 'Pending' and investment_id = any(${sql.param(ids)}::uuid[])`);
  await world.app.db.execute(sql`
    update investments set approved_at = approved_at - ${shift}, matures_at = matures_at - ${shift}
    where approved_at is not null and id = any(${sql.param(ids)}::uuid[])`);
  world.count('timePasses', 'acknowledged');
}

async function processPayouts(world: World, viaJob: boolean): Promise<void> {
  if (viaJob) {
    world.payoutsProcessed += await world.app.jobs.runNow('payouts');
    world.count('processPayouts', 'acknowledged');
    return;
  }
  world.requests += 1;
  const answer = await send(world.app, { endpoint: processDueTrades, as: world.admin });
  world.count('processPayouts', answer.ok ? 'acknowledged' : 'refused');
  if (answer.ok) world.payoutsProcessed += answer.body.processed;
}

async function rejectPayout(world: World, pick: number): Promise<void> {
  const pending = await queryRows<{ id: string; user_id: string }>(
    world.app.db,
    sql`select id, user_id from payouts where status = 'Pending' order by due_at, id limit 500`,
  );
  const payout = pickOf(pending, pick);
  if (!payout) return world.count('rejectPayout', 'skipped');
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: rejectTrade,
    as: world.admin,
    params: { id: payout.id },
    body: { reason: reasonOf(world) },
  });
  world.touch(payout.user_id);
  world.count('rejectPayout', answer.ok ? 'acknowledged' : 'refused');
}

// --- market, positions and signals ----------------------------------------------------------------

/**
 * A price arrives for `pair` through the market's own sink, as the feed delivers it: `price` is its
 * mid, quoted with a spread of about 0.05 % (at least 2 of the pair's units) around it, so positions
 * open and close on their sides while signals, judged on the mid, see `price` itself.
 */
export function priceArrives(world: World, pair: TPair, price: number): void {
  world.prices[pair] = price;
  const scale = 10 ** PAIR_DECIMALS[pair];
  const units = Math.round(price * scale);
  const half = Math.max(1, Math.round(units * 0.00025));
  const bid = (units - half) / scale;
  const ask = (units + half) / scale;
  world.app.market.ticks([{ pair, bid, ask, time: Date.now(), source: 'simulated' }]);
}

function tick(world: World, pair: TPair, price: number): void {
  priceArrives(world, pair, price);
  world.count('tick', 'acknowledged');
}

/** Some open positions reach their expiration (moved into the past, as time would) and the job closes them. */
async function expirePositions(world: World, pick: number, count: number): Promise<void> {
  const open = [...world.positions].filter(([, p]) => p.open).map(([id]) => id);
  if (open.length === 0) return world.count('expirePositions', 'skipped');
  const ids = Array.from({ length: count }, (_, i) => pickOf(open, pick + i * 104_729) as string);
  await world.app.db.execute(sql`
    update positions set expires_at = now() - interval '1 second'
    where status = 'open' and expires_at is not null and id = any(${sql.param(ids)}::uuid[])`);
  await world.app.jobs.runNow('positions');
  world.count('expirePositions', 'acknowledged');
}

/**
 * A client sets, moves or removes an open position's take-profit and stop-loss at distances from the
 * price the market has now; one the price has already passed by is refused (422), one on a position
 * closed meanwhile too (409).
 */
async function setProtection(world: World, op: Extract<TOp, { kind: 'setProtection' }>): Promise<void> {
  const open = [...world.positions].filter(([, p]) => p.open).map(([id]) => id);
  const id = pickOf(open, op.pick);
  const position = id ? world.positions.get(id) : undefined;
  const owner = position ? world.clientsById.get(position.userId) : undefined;
  if (!id || !position || !owner || owner.closed) return world.count('setProtection', 'skipped');
  const levels = protectionAt(world.prices[position.pair], position.pair, position.side, op);
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: setPositionProtection,
    as: owner.session,
    params: { id },
    body: { takeProfit: levels.takeProfit ?? null, stopLoss: levels.stopLoss ?? null },
  });
  world.count('setProtection', answer.ok ? 'acknowledged' : 'refused');
  if (!answer.ok && answer.status !== 409 && answer.status !== 422) {
    throw new SimulationFailure(`setProtection ${id}: answered ${answer.status}`);
  }
}

/** A client cancels one of their orders: a pending one comes back (margin returned), an ended one is refused (409). */
async function cancelOrder(world: World, op: Extract<TOp, { kind: 'cancelOrder' }>): Promise<void> {
  const ids = [...world.orders.keys()];
  const rows = await queryRows<{ id: string }>(
    world.app.db,
    sql`select id::text from orders where id = any(${sql.param(ids)}::uuid[]) and (status = 'pending' or ${op.anyRecord})`,
  );
  const id = pickOf(
    rows.map((r) => r.id),
    op.pick,
  );
  const order = id ? world.orders.get(id) : undefined;
  const owner = order ? world.clientsById.get(order.userId) : undefined;
  if (!id || !owner || owner.closed) return world.count('cancelOrder', 'skipped');
  world.requests += 1;
  const answer = await send(world.app, { endpoint: cancelOrderEndpoint, as: owner.session, params: { id } });
  world.touch(owner.id);
  world.count('cancelOrder', answer.ok ? 'acknowledged' : 'refused');
  if (!answer.ok && answer.status !== 409) throw new SimulationFailure(`cancelOrder ${id}: answered ${answer.status}`);
}

/** Some pending orders reach their good-until time (moved into the past, as time would) and the job expires them. */
async function expireOrders(world: World, pick: number, count: number): Promise<void> {
  const ids = [...world.orders.keys()];
  if (ids.length === 0) return world.count('expireOrders', 'skipped');
  const chosen = Array.from({ length: count }, (_, i) => pickOf(ids, pick + i * 104_729) as string);
  await world.app.db.execute(sql`
    update orders set good_until = now() - interval '1 second'
    where status = 'pending' and id = any(${sql.param(chosen)}::uuid[])`);
  await world.app.jobs.runNow('orders');
  for (const id of chosen) {
    const order = world.orders.get(id);
    if (order) world.touch(order.userId);
  }
  world.count('expireOrders', 'acknowledged');
}

async function addSignal(world: World, op: Extract<TOp, { kind: 'createSignal' }>): Promise<void> {
  const now = Date.now();
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: createSignal,
    as: world.admin,
    body: {
      title: `Simulation call on ${op.pair}`,
      description: 'A signal of the simulation',
      asset: op.pair,
      entryPrice: op.entry,
      targetPrice: op.target,
      percentageReturn: op.returnTenths / 10,
      minEntryAmount: fromCents(op.minEntryCents),
      scheduleTime: new Date(now + 30 * MINUTE).toISOString(),
      closingTime: new Date(now + 90 * MINUTE).toISOString(),
    },
  });
  world.count('createSignal', answer.ok ? 'acknowledged' : 'refused');
  if (!answer.ok) return;
  world.signals.set(answer.body.signal.id, {
    pair: op.pair,
    entry: op.entry,
    target: op.target,
    stage: 'pending',
    slot: -1,
  });
}

/** Slots of an hour and a minute from two days back: windows stay apart and inside the candles kept (30 days). */
const SIGNAL_SLOTS = 450;

/**
 * A signal's time comes: its window moves into the past (as waiting would), with a recorded price
 * path that touched its target or not, and a fresh price arrives; then the admin settles it as its
 * evidence says, or tries the contrary result (refused, 409), or the signals job settles it.
 */
async function settleSignal(world: World, op: Extract<TOp, { kind: 'settleSignal' }>): Promise<void> {
  const open = [...world.signals].filter(([, s]) => s.stage !== 'settled').map(([id]) => id);
  const id = pickOf(open, op.pick);
  const signal = id ? world.signals.get(id) : undefined;
  if (!id || !signal) return world.count('settleSignal', 'skipped');
  if (signal.stage === 'pending') {
    signal.slot = world.signalSlots++;
    const opens = minuteOf(Date.now()) - (2 * 24 * 60 + (signal.slot % SIGNAL_SLOTS) * 61) * MINUTE;
    await moveSignalWindow(world.app, id, opens, opens + 60 * MINUTE);
    const up = signal.target > signal.entry;
    const unit = 10 ** -PAIR_DECIMALS[signal.pair];
    const halfway = signal.entry + (signal.target - signal.entry) / 2;
    const reached = op.touched ? signal.target + (up ? unit : -unit) : halfway;
    await recordPricePath(world.app, signal.pair, [
      { minute: opens + 7 * MINUTE, high: Math.max(signal.entry, reached), low: Math.min(signal.entry, reached) },
    ]);
    signal.stage = 'moved';
  }
  // The evidence decides a loss only on a fresh price after closing: the pair's last price, again.
  priceArrives(world, signal.pair, world.prices[signal.pair]);
  if (op.how === 'job') {
    await world.app.jobs.runNow('signals');
    world.count('settleSignal', 'acknowledged');
    return;
  }
  world.requests += 1;
  const evidence = await send(world.app, { endpoint: getSignalEvidence, as: world.admin, params: { id } });
  if (!evidence.ok) return world.count('settleSignal', 'refused');
  const result = evidence.body.evidence.result;
  if (result === null) return world.count('settleSignal', 'skipped');
  const asked = op.how === 'wrongResult' ? (result === 'gain' ? 'loss' : 'gain') : result;
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: setSignalResult,
    as: world.admin,
    params: { id },
    body: { result: asked },
  });
  world.count('settleSignal', answer.ok ? 'acknowledged' : 'refused');
  if (answer.ok && asked !== result) {
    throw new SimulationFailure(`signal ${id} was settled as a ${asked} against its evidence (${result})`);
  }
  if (answer.ok) signal.stage = 'settled';
}
