import type { TApproval } from '@meridian/contracts/approvals';
import type { TEncoding, TEndpoint, TEndpointOutput } from '@meridian/contracts/endpoint';
import { addProfit, clearBalances, creditBalance, debitBalance } from '@meridian/contracts/endpoints/adjustments';
import { approveApproval, getApprovals, rejectApproval } from '@meridian/contracts/endpoints/approvals';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { closeClient } from '@meridian/contracts/endpoints/clients';
import { createDeposit, setDepositStatus } from '@meridian/contracts/endpoints/deposits';
import {
  createInvestmentViaDeposit,
  investFromBalance,
  setInvestmentStatus,
} from '@meridian/contracts/endpoints/investments';
import { placeOrder } from '@meridian/contracts/endpoints/orders';
import { closeOwnPosition, closePositionAtMarket, openPosition } from '@meridian/contracts/endpoints/positions';
import { joinSignal } from '@meridian/contracts/endpoints/signals';
import { setTransactionStatus } from '@meridian/contracts/endpoints/transactions';
import {
  createWithdrawal,
  deleteWithdrawal,
  generateWithdrawalCode,
  setWithdrawalStatus,
  verifyWithdrawalCode,
} from '@meridian/contracts/endpoints/withdrawals';
import type { TPair } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import { fromCents } from '@meridian/contracts/money';
import { realisedPnl, type TPositionType } from '@meridian/contracts/position-terms';
import { ensureActiveAddress } from '../helpers/address-book-fixtures.ts';
import { lastMailedCode } from '../helpers/withdrawal-api.ts';
import { backdateCodes } from '../helpers/withdrawal-fixtures.ts';
import { centsOf, SimulationFailure, send, type TCall } from './api.ts';
import { roundPrice, type TAmount, type TApprovalDecision, type TMoneyOp } from './operations.ts';
import { pickOf, type TClient, type World } from './world.ts';

/** Where the simulated clients withdraw to: a TRON address, saved in each one's address book. */
const SIMULATION_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/**
 * Each money operation as one request (`TPlan`): what to send, and what to remember when the API
 * acknowledges it. The runner sends a plan once, several times with one Idempotency-Key, or
 * together with others at the same moment; it records the acknowledgement once either way.
 */

export interface TPlan {
  call: TCall;
  /** Its acknowledgement said it was sent for a second staff member's approval: nothing moved (yet). */
  waited?: boolean;
  /** The client whose money it moves (touched by the batch). */
  userId?: string;
  /** What it takes from the client: cents of the balance, or of balance + profit (a withdrawal). */
  takes?: { cents: bigint; from: 'balance' | 'withdrawable' };
  onAck(body: unknown): void;
}

/** The answer of a money action that waits for a second staff member (docs/money.md, "Four-eyes approval"). */
const SENT_FOR_APPROVAL = messageText('approvals.requested');

/**
 * A plan whose acknowledgement may say it waits for approval: then only the ask is counted and
 * `onDone` (what the action does once it runs) is left for the approval's decision.
 */
function approvable<E extends TEndpoint>(
  world: World,
  call: TCall<E>,
  onDone: (body: TEndpointOutput<E>) => void,
  extra: Omit<TPlan, 'call' | 'onAck'> = {},
): TPlan {
  const result: TPlan = plan(
    call,
    (body) => {
      if ((body as { message?: string }).message === SENT_FOR_APPROVAL) {
        result.waited = true;
        world.approvalTally.asked += 1;
        return;
      }
      onDone(body);
    },
    extra,
  );
  return result;
}

function plan<E extends TEndpoint>(
  call: TCall<E>,
  onAck: (body: TEndpointOutput<E>) => void,
  extra: Omit<TPlan, 'call' | 'onAck'> = {},
): TPlan {
  return { call, onAck: onAck as (body: unknown) => void, ...extra };
}

const ENCODINGS: readonly TEncoding[] = ['json', 'json', 'json', 'urlencoded', 'multipart'];
/** The body's encoding, from the operation's variant: mostly JSON, as the web sends it; forms too. */
const encodingOf = (variant: number): TEncoding => ENCODINGS[variant % ENCODINGS.length] ?? 'json';

const dollars = (cents: bigint) => fromCents(cents);

/**
 * Take-profit and stop-loss `distance` per mille from `price`, on their sides of a `side` position
 * (a buy's take-profit above, its stop-loss below; a sell the reverse), in the pair's decimals; left
 * out where the operation sets none.
 */
export function protectionAt(
  price: number,
  pair: TPair,
  side: TPositionType,
  distance: { takeProfit: number | null; stopLoss: number | null },
): { takeProfit?: number; stopLoss?: number } {
  const away = (permille: number, up: boolean) => roundPrice(pair, price * (1 + ((up ? 1 : -1) * permille) / 1000));
  return {
    ...(distance.takeProfit === null ? {} : { takeProfit: away(distance.takeProfit, side === 'buy') }),
    ...(distance.stopLoss === null ? {} : { stopLoss: away(distance.stopLoss, side === 'sell') }),
  };
}

/** The reason an admin gives: the operation's index, so the ledger and the history name it. */
export const reasonOf = (world: World) => `Simulation operation ${world.operation}`;

/** What the client has, as the Balance page reads it (the admin reads a closed account's, if it can). */
export async function availableOf(world: World, client: TClient): Promise<{ balance: bigint; withdrawable: bigint }> {
  world.requests += 1;
  const answer = await send(world.app, {
    endpoint: getBalance,
    as: client.closed ? world.admin : client.session,
    params: { userId: client.id },
  });
  if (!answer.ok) return { balance: 0n, withdrawable: 0n };
  return { balance: centsOf(answer.body.balance), withdrawable: centsOf(answer.body.withdrawable) };
}

async function resolve(
  world: World,
  client: TClient,
  amount: TAmount,
  from: 'balance' | 'withdrawable',
): Promise<bigint> {
  if ('cents' in amount) return BigInt(amount.cents);
  const available = (await availableOf(world, client))[from];
  const share = (available * BigInt(amount.permille)) / 1000n;
  return share > 0n ? share : 1n;
}

/** Asks for an emailed withdrawal code, reads it from the outbox and verifies it, all through the API. */
export async function verifyWithdrawalCodeOf(world: World, client: TClient): Promise<boolean> {
  // Past the once-a-minute rule for asking a new code (the run asks far more often than a person).
  await backdateCodes(world.app, client.id);
  world.requests += 2;
  const sent = await send(world.app, {
    endpoint: generateWithdrawalCode,
    as: client.session,
    params: { userId: client.id },
  });
  if (!sent.ok) return false;
  const code = await lastMailedCode(world.app, client.email);
  const verified = await send(world.app, {
    endpoint: verifyWithdrawalCode,
    as: client.session,
    params: { userId: client.id },
    body: { code },
  });
  return verified.ok;
}

/**
 * The request of `op`, or undefined when there is nothing to act on. `fixed.cents` replaces the
 * operation's amount, and `fixed.codeVerified` skips asking for a withdrawal code (a burst sets both).
 */
export async function planMoneyOp(
  world: World,
  op: TMoneyOp,
  fixed: { cents?: bigint; codeVerified?: boolean } = {},
): Promise<TPlan | undefined> {
  const encoding = encodingOf(op.variant);
  const admin = world.admin;
  switch (op.kind) {
    case 'credit':
    case 'profit': {
      const client = world.client(op.client);
      const amount = BigInt(op.cents);
      const endpoint = op.kind === 'credit' ? creditBalance : addProfit;
      const params: Record<string, string> = op.kind === 'credit' ? { userId: client.id } : { id: client.id };
      return approvable(
        world,
        { endpoint, as: admin, params, body: { amount: dollars(amount), reason: reasonOf(world) }, encoding },
        () => world.adjustment(client.id, op.kind, amount),
        { userId: client.id },
      );
    }
    case 'debit': {
      const client = world.client(op.client);
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'balance'));
      return approvable(
        world,
        {
          endpoint: debitBalance,
          as: admin,
          params: { userId: client.id },
          body: { amount: dollars(amount), reason: reasonOf(world) },
          encoding,
        },
        () => world.adjustment(client.id, 'debit', amount),
        { userId: client.id, takes: { cents: amount, from: 'balance' } },
      );
    }
    case 'clear':
      return clearPlan(world, world.client(op.client), encoding);
    case 'deposit': {
      const client = world.client(op.client);
      const amount = BigInt(op.cents);
      return plan(
        {
          endpoint: createDeposit,
          as: client.session,
          body: { amount: dollars(amount), depositMethod: world.depositMethodId, user: client.id },
          encoding,
        },
        (body) => {
          world.deposits.set(body.deposit.id, {
            userId: client.id,
            cents: amount,
            status: body.deposit.status,
            completedAcked: false,
          });
        },
        { userId: client.id },
      );
    }
    case 'decideDeposit': {
      const ids = [...world.deposits].filter(([, d]) => op.anyRecord || d.status !== 'Completed').map(([id]) => id);
      const id = pickOf(ids, op.pick);
      const deposit = id ? world.deposits.get(id) : undefined;
      if (!id || !deposit) return undefined;
      const onAck = (status: string) => {
        deposit.status = status;
        if (status !== 'Completed') return;
        deposit.completedAcked = true;
        const investment = deposit.investmentId ? world.investments.get(deposit.investmentId) : undefined;
        if (investment) world.touch(investment.userId);
      };
      if (op.viaTransactions) {
        const status = op.status === 'Completed' ? 'Approved' : op.status;
        return plan(
          { endpoint: setTransactionStatus, as: admin, params: { id }, body: { status }, encoding },
          (body) => onAck(body.transaction.status),
          { userId: deposit.userId },
        );
      }
      return plan(
        { endpoint: setDepositStatus, as: admin, params: { id }, body: { status: op.status }, encoding },
        (body) => onAck(body.deposit.status),
        { userId: deposit.userId },
      );
    }
    case 'withdraw': {
      const client = world.client(op.client);
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'withdrawable'));
      if (op.withCode && !fixed.codeVerified) await verifyWithdrawalCodeOf(world, client);
      // Withdrawals go to a saved, active address (docs/security.md, "Withdrawal address book").
      await ensureActiveAddress(world.app, client.session, world.withdrawalMethodId, SIMULATION_ADDRESS);
      return plan(
        {
          endpoint: createWithdrawal,
          as: client.session,
          body: {
            amount: dollars(amount),
            address: SIMULATION_ADDRESS,
            withdrawalMethod: world.withdrawalMethodId,
            user: client.id,
          },
          encoding,
        },
        (body) => {
          world.withdrawals.set(body.withdrawal.id, {
            userId: client.id,
            cents: amount,
            status: body.withdrawal.status,
            acked: new Set(),
          });
        },
        { userId: client.id, takes: { cents: amount, from: 'withdrawable' } },
      );
    }
    case 'decideWithdrawal': {
      const ids = [...world.withdrawals].filter(([, w]) => op.anyRecord || w.status === 'Pending').map(([id]) => id);
      const id = pickOf(ids, op.pick);
      const withdrawal = id ? world.withdrawals.get(id) : undefined;
      if (!id || !withdrawal) return undefined;
      if (op.decision === 'delete') {
        return plan(
          { endpoint: deleteWithdrawal, as: admin, params: { id } },
          () => {
            withdrawal.acked.add('deleted');
            withdrawal.status = 'Declined';
          },
          { userId: withdrawal.userId },
        );
      }
      const decision = op.decision;
      return approvable(
        world,
        { endpoint: setWithdrawalStatus, as: admin, params: { id }, body: { status: decision }, encoding },
        (body) => {
          withdrawal.acked.add(decision);
          withdrawal.status = body.withdrawal.status;
        },
        { userId: withdrawal.userId },
      );
    }
    case 'decideApproval':
      return approvalPlan(world, op.pick, op.decision);
    case 'investFromBalance': {
      const client = world.client(op.client);
      const planRow = pickOf(world.plans, op.plan);
      if (!planRow) return undefined;
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'balance'));
      return plan(
        {
          endpoint: investFromBalance,
          as: client.session,
          body: { amount: dollars(amount), user: client.id, investmentPlan: planRow.id },
          encoding,
        },
        (body) => {
          world.investments.set(body.investment.id, {
            userId: client.id,
            cents: amount,
            status: body.investment.status,
            acked: new Set(),
          });
        },
        { userId: client.id, takes: { cents: amount, from: 'balance' } },
      );
    }
    case 'investViaDeposit': {
      const client = world.client(op.client);
      const planRow = pickOf(world.plans, op.plan);
      if (!planRow) return undefined;
      const amount = BigInt(op.cents);
      return plan(
        {
          endpoint: createInvestmentViaDeposit,
          as: client.session,
          body: {
            amount: dollars(amount),
            depositMethod: world.depositMethodId,
            user: client.id,
            investmentPlan: planRow.id,
          },
          encoding,
        },
        (body) => {
          const depositId = body.deposit?.id;
          world.investments.set(body.investment.id, {
            userId: client.id,
            cents: amount,
            status: body.investment.status,
            depositId,
            acked: new Set(),
          });
          if (depositId) {
            world.deposits.set(depositId, {
              userId: client.id,
              cents: amount,
              status: 'Pending',
              investmentId: body.investment.id,
              completedAcked: false,
            });
          }
        },
        { userId: client.id },
      );
    }
    case 'decideInvestment': {
      const ids = [...world.investments].filter(([, i]) => op.anyRecord || i.status === 'Pending').map(([id]) => id);
      const id = pickOf(ids, op.pick);
      const investment = id ? world.investments.get(id) : undefined;
      if (!id || !investment) return undefined;
      const status = op.status;
      return plan(
        { endpoint: setInvestmentStatus, as: admin, params: { id }, body: { status }, encoding },
        (body) => {
          investment.acked.add(status);
          investment.status = body.investment.status;
        },
        { userId: investment.userId },
      );
    }
    case 'openPosition': {
      const client = world.client(op.client);
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'balance'));
      return plan(
        {
          endpoint: openPosition,
          as: client.session,
          body: {
            asset: op.pair,
            amount: dollars(amount),
            leverage: op.leverage,
            expiration: op.expiration ?? (encoding === 'json' ? null : 1440),
            type: op.side,
            userId: client.id,
            ...protectionAt(world.prices[op.pair], op.pair, op.side, op),
          },
          encoding,
        },
        (body) => {
          world.positions.set(body.position.id, {
            userId: client.id,
            pair: body.position.asset,
            side: body.position.type,
            margin: amount,
            open: true,
          });
        },
        { userId: client.id, takes: { cents: amount, from: 'balance' } },
      );
    }
    case 'placeOrder': {
      const client = world.client(op.client);
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'balance'));
      const price = world.prices[op.pair];
      const falls = (op.side === 'buy') === (op.orderKind === 'limit');
      const level = roundPrice(op.pair, price * (1 + ((falls ? -1 : 1) * op.distance) / 1000));
      return plan(
        {
          endpoint: placeOrder,
          as: client.session,
          body: {
            asset: op.pair,
            type: op.side,
            kind: op.orderKind,
            price: level,
            amount: dollars(amount),
            leverage: op.leverage,
            expiration: null,
            goodUntil: op.goodFor === null ? null : new Date(Date.now() + op.goodFor * 60_000).toISOString(),
            ...protectionAt(level, op.pair, op.side, op),
          },
          encoding: 'json',
        },
        (body) => {
          world.orders.set(body.order.id, { userId: client.id, margin: amount });
        },
        { userId: client.id, takes: { cents: amount, from: 'balance' } },
      );
    }
    case 'closePosition': {
      const ids = [...world.positions].filter(([, p]) => op.anyRecord || p.open).map(([id]) => id);
      const id = pickOf(ids, op.pick);
      const position = id ? world.positions.get(id) : undefined;
      if (!id || !position) return undefined;
      const onAck = (body: TEndpointOutput<typeof closeOwnPosition>) => {
        position.open = false;
        position.ackedClose = {
          pnl: centsOf(realisedPnl(body.position)),
          reason: body.position.closeReason ?? '',
        };
      };
      if (op.byAdmin) {
        return plan(
          {
            endpoint: closePositionAtMarket,
            as: admin,
            params: { id },
            body: { reason: reasonOf(world) },
            encoding,
          },
          onAck,
          { userId: position.userId },
        );
      }
      const owner = world.clientsById.get(position.userId);
      if (!owner) return undefined;
      return plan({ endpoint: closeOwnPosition, as: owner.session, params: { id } }, onAck, { userId: owner.id });
    }
    case 'joinSignal': {
      const client = world.client(op.client);
      const ids = [...world.signals].filter(([, s]) => s.stage === 'pending').map(([id]) => id);
      const signalId = pickOf(ids, op.pick);
      if (!signalId) return undefined;
      const amount = fixed.cents ?? (await resolve(world, client, op.amount, 'balance'));
      return plan(
        {
          endpoint: joinSignal,
          as: client.session,
          params: { id: signalId },
          body: { entryAmount: dollars(amount) },
        },
        (body) => {
          world.trades.set(body.trade.id, { userId: client.id, signalId, entry: amount });
        },
        { userId: client.id, takes: { cents: amount, from: 'balance' } },
      );
    }
  }
}

export function clearPlan(world: World, client: TClient, encoding: TEncoding = 'json'): TPlan {
  return approvable(
    world,
    {
      endpoint: clearBalances,
      as: world.admin,
      params: { id: client.id },
      body: { reason: reasonOf(world) },
      encoding,
    },
    // The answer does not say whether anything was there to clear: counted as acknowledged clears.
    () => world.adjustment(client.id, 'clear', 0n),
    { userId: client.id },
  );
}

export function closeAccountPlan(world: World, client: TClient): TPlan {
  return plan(
    { endpoint: closeClient, as: world.admin, params: { userId: client.id } },
    () => {
      client.closed = true;
    },
    { userId: client.id },
  );
}

/**
 * A decision on one of the approvals waiting (read from the queue as the approver sees it): the
 * approver's approval, which runs the action and is then counted as the action's own
 * acknowledgement, or rejection (nothing moves); or the one who asked trying to approve it, which
 * the server must refuse.
 */
async function approvalPlan(world: World, pick: number, decision: TApprovalDecision): Promise<TPlan | undefined> {
  const approver = world.approver;
  if (!approver) throw new Error('the simulation has no approver');
  const queue = await send(world.app, {
    endpoint: getApprovals,
    as: approver,
    query: { status: 'Pending', limit: 100 },
  });
  if (!queue.ok) throw new SimulationFailure(`the approvals queue answered ${queue.status}: ${queue.raw}`);
  const waiting = pickOf(queue.body.approvals, pick);
  if (!waiting) return undefined;
  const { id } = waiting;
  if (decision === 'reject') {
    return plan(
      { endpoint: rejectApproval, as: approver, params: { id }, body: { note: `Simulation ${world.operation}` } },
      () => {
        world.approvalTally.rejected += 1;
      },
      { userId: waiting.client.id },
    );
  }
  const asker = decision === 'approveOwn' ? world.admin : approver;
  return plan(
    { endpoint: approveApproval, as: asker, params: { id } },
    (body) => {
      if (decision === 'approveOwn') {
        throw new SimulationFailure(`approval ${id} was approved by the staff member who asked for it`);
      }
      world.approvalTally.approved += 1;
      ranAfterApproval(world, body.approval);
    },
    { userId: waiting.client.id },
  );
}

/** What an approved action did, recorded as its own acknowledgement would have been. */
function ranAfterApproval(world: World, approval: TApproval): void {
  const userId = approval.client.id;
  if (approval.kind === 'withdrawal') {
    const withdrawal = approval.transactionId ? world.withdrawals.get(approval.transactionId) : undefined;
    if (!withdrawal) return;
    withdrawal.acked.add('Completed');
    withdrawal.status = 'Completed';
    return;
  }
  world.adjustment(userId, approval.kind, approval.kind === 'clear' ? 0n : centsOf(approval.amount));
}
