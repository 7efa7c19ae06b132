import { createHash } from 'node:crypto';
import { MARKET_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import type { TOrderKind } from '@meridian/contracts/order-terms';
import { LEVERAGES, POSITION_DURATIONS, type TLeverage, type TPositionType } from '@meridian/contracts/position-terms';
import { createPrng, type TPrng } from './prng.ts';

/**
 * The simulation's operations as plain data, drawn from the seed alone: generating them never looks
 * at the server, so one seed always gives the same list (its fingerprint is printed with the seed).
 * What an operation acts on is named by a number (`client`, `pick`) that the runner resolves against
 * what exists when the operation runs; the prices the market receives are drawn here too, as one
 * scripted random walk per pair.
 */

/** An amount: fixed cents, or a share (per mille) of what the client has available when it runs. */
export type TAmount = { cents: number } | { permille: number };

interface TBase {
  /** Minor choices made when the operation runs (body encoding, which record of several). */
  variant: number;
}

export type TDepositDecision = 'Completed' | 'Declined' | 'Pending';
export type TWithdrawalDecision = 'Completed' | 'Declined' | 'delete';
/** A second staff member's decision on a waiting approval, or the asker trying to approve their own (refused). */
export type TApprovalDecision = 'approve' | 'reject' | 'approveOwn';

/** Operations that are one money request each: they can be retried with an Idempotency-Key or fired together. */
export type TMoneyOp = TBase &
  (
    | { kind: 'credit'; client: number; cents: number }
    | { kind: 'debit'; client: number; amount: TAmount }
    | { kind: 'profit'; client: number; cents: number }
    | { kind: 'clear'; client: number }
    | { kind: 'deposit'; client: number; cents: number }
    | { kind: 'decideDeposit'; pick: number; status: TDepositDecision; anyRecord: boolean; viaTransactions: boolean }
    | { kind: 'withdraw'; client: number; amount: TAmount; withCode: boolean }
    | { kind: 'decideWithdrawal'; pick: number; decision: TWithdrawalDecision; anyRecord: boolean }
    | { kind: 'investFromBalance'; client: number; plan: number; amount: TAmount }
    | { kind: 'investViaDeposit'; client: number; plan: number; cents: number }
    | { kind: 'decideInvestment'; pick: number; status: 'Approved' | 'Declined'; anyRecord: boolean }
    | { kind: 'decideApproval'; pick: number; decision: TApprovalDecision }
    | {
        kind: 'openPosition';
        client: number;
        pair: TPair;
        side: TPositionType;
        leverage: TLeverage;
        /** Minutes, or null for no expiry (sent in JSON only: a form cannot say null). */
        expiration: number | null;
        amount: TAmount;
        /** How far from the price (per mille) the take-profit and stop-loss are set, or null for none. */
        takeProfit: number | null;
        stopLoss: number | null;
      }
    | { kind: 'closePosition'; pick: number; byAdmin: boolean; anyRecord: boolean }
    | {
        kind: 'placeOrder';
        client: number;
        pair: TPair;
        side: TPositionType;
        orderKind: TOrderKind;
        /** How far from the price (per mille) its level is, on the side it waits for. */
        distance: number;
        leverage: TLeverage;
        amount: TAmount;
        /** Per mille from the level, or null for none. */
        takeProfit: number | null;
        stopLoss: number | null;
        /** Minutes it waits, or null: good till cancelled. */
        goodFor: number | null;
      }
    | { kind: 'joinSignal'; client: number; pick: number; amount: TAmount }
  );

export type TOp =
  | TMoneyOp
  | (TBase &
      (
        | { kind: 'signUp' }
        | { kind: 'timePasses'; pick: number; investments: number; hours: number }
        | { kind: 'processPayouts'; viaJob: boolean }
        | { kind: 'rejectPayout'; pick: number }
        | { kind: 'tick'; pair: TPair; price: number }
        | { kind: 'expirePositions'; pick: number; count: number }
        /** The client sets an open position's take-profit and stop-loss (per mille from the price; null removes it). */
        | { kind: 'setProtection'; pick: number; takeProfit: number | null; stopLoss: number | null }
        /** The client cancels a pending order (or one that has just filled or expired: 409). */
        | { kind: 'cancelOrder'; pick: number; anyRecord: boolean }
        /** Some pending orders reach their good-until time (moved into the past, as time would) and the job expires them. */
        | { kind: 'expireOrders'; pick: number; count: number }
        | {
            kind: 'createSignal';
            pair: TPair;
            entry: number;
            target: number;
            returnTenths: number;
            minEntryCents: number;
          }
        | { kind: 'settleSignal'; pick: number; touched: boolean; how: 'admin' | 'wrongResult' | 'job' }
        | { kind: 'closeAccount'; client: number; clearFirst: boolean }
        /** One money request sent `copies` times with one Idempotency-Key (one after another, or at once). */
        | { kind: 'retry'; inner: TMoneyOp; copies: number; concurrent: boolean; mismatch: boolean }
        /** Several requests taking one client's money at the same moment; `permille` of what is available each. */
        | { kind: 'burst'; client: number; requests: TBurstRequest[] }
        /** Two contrary decisions on one record at the same moment: one outcome wins, once. */
        | { kind: 'race'; target: TRaceTarget; pick: number }
        /** A client sends a transfer to their deposit address (it waits in the node's pool for a block). */
        | { kind: 'chainSend'; send: TChainSend }
        | { kind: 'chainMine'; blocks: number }
        /** The chain watcher runs (its job, as the tests run it). */
        | { kind: 'chainWatch' }
        /**
         * A reorganisation shallower than the confirmations: a snapshot, `before` blocks (the first one
         * empty if `emptyFirst`) holding `sends` and what the pool held, maybe seen by the watcher;
         * then back to the snapshot, the first `resend` of `sends` sent again as they were signed, and
         * `after` blocks of a different chain.
         */
        | {
            kind: 'chainReorg';
            sends: TChainSend[];
            emptyFirst: boolean;
            before: number;
            watchBefore: boolean;
            resend: number;
            newEmptyFirst: boolean;
            after: number;
          }
        /** The node goes away (the app's connections refused; blocks go on), or comes back. */
        | { kind: 'chainOutage'; mineWhileAway: number }
      ));

export type TOpKind = TOp['kind'];

export type TRaceTarget = 'deposit' | 'withdrawal' | 'investment' | 'position';

/** The confirmations that credit a transfer on the run's watched methods (docs/money.md, "Deposits seen on chain"). */
export const CHAIN_CONFIRMATIONS = 3;

/**
 * A transfer on chain to a client's own deposit address: ETH (`whole` thousandths of an ETH and `tail`
 * wei) or the test USDT (`whole` cents and `tail` base units below a cent); dust is a few wei or base
 * units, worth less than a cent.
 */
export interface TChainSend {
  client: number;
  asset: 'native' | 'token';
  dust: boolean;
  whole: number;
  tail: number;
}

export interface TBurstRequest {
  kind: 'withdraw' | 'debit' | 'investFromBalance' | 'openPosition' | 'joinSignal';
  permille: number;
  variant: number;
}

/** How often each kind comes up (relative weights). */
export const WEIGHTS: Record<TOpKind, number> = {
  signUp: 15,
  credit: 90,
  debit: 35,
  profit: 30,
  clear: 10,
  deposit: 70,
  decideDeposit: 75,
  withdraw: 60,
  decideWithdrawal: 50,
  decideApproval: 35,
  investFromBalance: 45,
  investViaDeposit: 20,
  decideInvestment: 40,
  timePasses: 20,
  processPayouts: 20,
  rejectPayout: 8,
  tick: 80,
  openPosition: 65,
  closePosition: 40,
  expirePositions: 6,
  setProtection: 20,
  placeOrder: 35,
  cancelOrder: 15,
  expireOrders: 5,
  createSignal: 10,
  joinSignal: 40,
  settleSignal: 10,
  closeAccount: 8,
  retry: 50,
  burst: 40,
  race: 15,
  // Each of these talks to a real node: few enough to keep the run's time (about 1.3 % of operations).
  chainSend: 6,
  chainMine: 4,
  chainWatch: 3,
  chainReorg: 1,
  chainOutage: 1,
};

/** Where each pair's scripted walk starts, and the band it is kept in (a third to three times this). */
export const START_PRICES: Record<TPair, number> = {
  'BTC/USD': 60_000,
  'ETH/USD': 3_000,
  'BNB/USD': 600,
  'SOL/USD': 150,
  'XRP/USD': 0.6,
  'EUR/USD': 1.1,
  'USD/JPY': 150,
  'GBP/USD': 1.27,
  'USD/CHF': 0.9,
  'AUD/USD': 0.66,
};

export const roundPrice = (pair: TPair, price: number) => {
  const scale = 10 ** PAIR_DECIMALS[pair];
  return Math.max(1 / scale, Math.round(price * scale) / scale);
};

/** Amounts: mostly fixed, sometimes a share of what is available, now and then exactly all of it or a little more. */
function amount(prng: TPrng, min: number, max: number): TAmount {
  if (prng.chance(0.7)) return { cents: prng.cents(min, max) };
  const roll = prng.float();
  if (roll < 0.15) return { permille: 1000 };
  if (roll < 0.3) return { permille: prng.between(1001, 1200) };
  return { permille: prng.between(50, 950) };
}

const anyClient = (prng: TPrng) => prng.next();

/**
 * A take-profit's or stop-loss's distance from the price, per mille (0.5 % to 6 %: within reach of
 * the walk's steps and jumps, nearer than a 1:10 stop-out), or none.
 */
const levelDistance = (prng: TPrng): number | null => (prng.chance(0.4) ? null : prng.between(5, 60));

function moneyOp(prng: TPrng, kind: TMoneyOp['kind']): TMoneyOp {
  const variant = prng.next();
  switch (kind) {
    case 'credit':
      return { kind, variant, client: anyClient(prng), cents: prng.cents(1_000, 500_000) };
    case 'debit':
      return { kind, variant, client: anyClient(prng), amount: amount(prng, 100, 200_000) };
    case 'profit':
      return { kind, variant, client: anyClient(prng), cents: prng.cents(1, 50_000) };
    case 'clear':
      return { kind, variant, client: anyClient(prng) };
    case 'deposit':
      return { kind, variant, client: anyClient(prng), cents: prng.cents(500, 600_000) };
    case 'decideDeposit':
      return {
        kind,
        variant,
        pick: prng.next(),
        status: prng.weighted({ Completed: 6, Declined: 3, Pending: 1 }),
        anyRecord: prng.chance(0.1),
        viaTransactions: prng.chance(0.2),
      };
    case 'withdraw':
      return {
        kind,
        variant,
        client: anyClient(prng),
        amount: amount(prng, 500, 300_000),
        withCode: prng.chance(0.95),
      };
    case 'decideWithdrawal':
      return {
        kind,
        variant,
        pick: prng.next(),
        decision: prng.weighted({ Completed: 5, Declined: 3, delete: 1 }),
        anyRecord: prng.chance(0.1),
      };
    case 'decideApproval':
      return { kind, variant, pick: prng.next(), decision: prng.weighted({ approve: 6, reject: 2, approveOwn: 1 }) };
    case 'investFromBalance':
      return { kind, variant, client: anyClient(prng), plan: prng.next(), amount: amount(prng, 500, 300_000) };
    case 'investViaDeposit':
      return { kind, variant, client: anyClient(prng), plan: prng.next(), cents: prng.cents(500, 300_000) };
    case 'decideInvestment':
      return {
        kind,
        variant,
        pick: prng.next(),
        status: prng.weighted({ Approved: 7, Declined: 3 }),
        anyRecord: prng.chance(0.1),
      };
    case 'openPosition':
      return {
        kind,
        variant,
        client: anyClient(prng),
        pair: prng.pick(MARKET_PAIRS),
        side: prng.chance(0.5) ? 'buy' : 'sell',
        leverage: prng.pick(LEVERAGES),
        expiration: prng.chance(0.15) ? null : prng.pick(POSITION_DURATIONS),
        amount: amount(prng, 100, 100_000),
        takeProfit: levelDistance(prng),
        stopLoss: levelDistance(prng),
      };
    case 'closePosition':
      return { kind, variant, pick: prng.next(), byAdmin: prng.chance(0.3), anyRecord: prng.chance(0.1) };
    case 'placeOrder':
      return {
        kind,
        variant,
        client: anyClient(prng),
        pair: prng.pick(MARKET_PAIRS),
        side: prng.chance(0.5) ? 'buy' : 'sell',
        orderKind: prng.chance(0.5) ? 'limit' : 'stop',
        // Now and then 0: a level the price has already reached, refused.
        distance: prng.chance(0.05) ? 0 : prng.between(1, 40),
        leverage: prng.pick(LEVERAGES),
        amount: amount(prng, 100, 50_000),
        takeProfit: levelDistance(prng),
        stopLoss: levelDistance(prng),
        goodFor: prng.chance(0.6) ? null : prng.between(5, 10_000),
      };
    case 'joinSignal':
      return { kind, variant, client: anyClient(prng), pick: prng.next(), amount: amount(prng, 50, 50_000) };
  }
}

const RETRYABLE: readonly TMoneyOp['kind'][] = [
  'credit',
  'debit',
  'profit',
  'deposit',
  'decideDeposit',
  'withdraw',
  'decideWithdrawal',
  'investFromBalance',
  'decideInvestment',
  'openPosition',
  'closePosition',
  'joinSignal',
];

/** The next price of a pair's walk: small steps, now and then a jump (which crosses stop-outs), kept in its band. */
function step(prng: TPrng, pair: TPair, price: number): number {
  const start = START_PRICES[pair];
  const move = prng.chance(0.1)
    ? (prng.chance(0.5) ? 1 : -1) * (0.05 + prng.float() * 0.2)
    : (prng.float() - 0.5) * 0.02;
  let next = price * (1 + move);
  if (next > start * 3) next = start * 2.5;
  if (next < start / 3) next = start / 2.5;
  const rounded = roundPrice(pair, next);
  return rounded === price ? roundPrice(pair, price + 10 ** -PAIR_DECIMALS[pair]) : rounded;
}

function chainSend(prng: TPrng): TChainSend {
  const asset = prng.chance(0.5) ? 'native' : 'token';
  const dust = prng.chance(0.1);
  // ETH: 0.001 to 0.5 ETH and any wei below (worth a cent or more at any ETH/USD price of the walk);
  // USDT: one cent to $5,000 and any base units below a cent.
  const whole = asset === 'native' ? prng.between(1, 500) : prng.cents(1, 500_000);
  const tail = asset === 'native' ? prng.int(1_000_000_000_000) : prng.int(10_000);
  return { client: anyClient(prng), asset, dust, whole, tail };
}

function operation(prng: TPrng, prices: Record<TPair, number>): TOp {
  const kind = prng.weighted(WEIGHTS);
  const variant = prng.next();
  switch (kind) {
    case 'signUp':
      return { kind, variant };
    case 'timePasses':
      return {
        kind,
        variant,
        pick: prng.next(),
        investments: prng.chance(0.4) ? 0 : prng.between(1, 5),
        hours: prng.between(2, 72),
      };
    case 'processPayouts':
      return { kind, variant, viaJob: prng.chance(0.3) };
    case 'rejectPayout':
      return { kind, variant, pick: prng.next() };
    case 'tick': {
      const pair = prng.pick(MARKET_PAIRS);
      prices[pair] = step(prng, pair, prices[pair]);
      return { kind, variant, pair, price: prices[pair] };
    }
    case 'expirePositions':
      return { kind, variant, pick: prng.next(), count: prng.between(1, 6) };
    case 'setProtection':
      return { kind, variant, pick: prng.next(), takeProfit: levelDistance(prng), stopLoss: levelDistance(prng) };
    case 'cancelOrder':
      return { kind, variant, pick: prng.next(), anyRecord: prng.chance(0.1) };
    case 'expireOrders':
      return { kind, variant, pick: prng.next(), count: prng.between(1, 4) };
    case 'createSignal': {
      const pair = prng.pick(MARKET_PAIRS);
      const entry = prices[pair];
      const distance = (prng.chance(0.5) ? 1 : -1) * (0.005 + prng.float() * 0.05);
      let target = roundPrice(pair, entry * (1 + distance));
      if (target === entry) target = roundPrice(pair, entry + 10 ** -PAIR_DECIMALS[pair]);
      return {
        kind,
        variant,
        pair,
        entry,
        target,
        returnTenths: prng.between(1, 500),
        minEntryCents: prng.chance(0.5) ? 100 : prng.cents(100, 20_000),
      };
    }
    case 'settleSignal':
      return {
        kind,
        variant,
        pick: prng.next(),
        touched: prng.chance(0.5),
        how: prng.weighted({ admin: 6, wrongResult: 1, job: 3 }),
      };
    case 'closeAccount':
      return { kind, variant, client: anyClient(prng), clearFirst: prng.chance(0.6) };
    case 'retry':
      return {
        kind,
        variant,
        inner: moneyOp(prng, prng.pick(RETRYABLE)),
        copies: prng.between(2, 3),
        concurrent: prng.chance(0.5),
        mismatch: prng.chance(0.1),
      };
    case 'burst': {
      const count = prng.between(2, 5);
      const requests = Array.from({ length: count }, () => ({
        kind: prng.weighted({ withdraw: 2, debit: 2, investFromBalance: 2, openPosition: 3, joinSignal: 1 }),
        permille: prng.between(300, 800),
        variant: prng.next(),
      }));
      return { kind, variant, client: anyClient(prng), requests };
    }
    case 'race':
      return {
        kind,
        variant,
        target: prng.weighted({ deposit: 1, withdrawal: 1, investment: 1, position: 1 }),
        pick: prng.next(),
      };
    case 'chainSend':
      return { kind, variant, send: chainSend(prng) };
    case 'chainMine':
      return { kind, variant, blocks: prng.between(1, 4) };
    case 'chainWatch':
      return { kind, variant };
    case 'chainReorg': {
      // At most N − 1 blocks above the snapshot: nothing in them can have been credited.
      const emptyFirst = prng.chance(0.3);
      const before = prng.between(1, CHAIN_CONFIRMATIONS - 1 - (emptyFirst ? 1 : 0));
      const sends = Array.from({ length: prng.between(0, 3) }, () => chainSend(prng));
      return {
        kind,
        variant,
        sends,
        emptyFirst,
        before,
        watchBefore: prng.chance(0.8),
        resend: prng.between(0, sends.length),
        newEmptyFirst: prng.chance(0.5),
        after: prng.between(1, CHAIN_CONFIRMATIONS + 2),
      };
    }
    case 'chainOutage':
      return { kind, variant, mineWhileAway: prng.between(0, 3) };
    default:
      return moneyOp(prng, kind);
  }
}

/** The `count` operations of `seed`, and a short fingerprint of them (the same seed gives the same fingerprint). */
export function generateOperations(seed: number, count: number): { operations: TOp[]; fingerprint: string } {
  const prng = createPrng(seed);
  const prices = { ...START_PRICES };
  const operations = Array.from({ length: count }, () => operation(prng, prices));
  const fingerprint = createHash('sha256').update(JSON.stringify(operations)).digest('hex').slice(0, 12);
  return { operations, fingerprint };
}

/** One line for a failure message. */
export function describeOperation(op: TOp): string {
  return JSON.stringify(op);
}
