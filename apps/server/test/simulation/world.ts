import type { TPair } from '@meridian/contracts/market';
import type { TPositionType } from '@meridian/contracts/position-terms';
import type { TAdjustmentKind } from '@meridian/contracts/transaction-terms';
import type { FastifyInstance } from 'fastify';
import type { TSignedIn } from '../helpers/factories.ts';
import type { ChainWorld } from './chain.ts';
import { START_PRICES, type TOpKind } from './operations.ts';

/**
 * What the simulation knows: the people and records the run created, and above all what the API
 * acknowledged (answered 2xx) to them, which the invariants hold the database and the history to.
 * Statuses kept here follow the answers; jobs and stop-outs change records behind the run's back, so
 * the lists used to pick records are refreshed from the database between batches.
 */

export interface TClient {
  id: string;
  email: string;
  session: TSignedIn;
  /** The admin's Delete client was acknowledged. */
  closed: boolean;
}

export interface TDepositRecord {
  userId: string;
  cents: bigint;
  status: string;
  /** An Invest Via Deposit waits for it. */
  investmentId?: string;
  /** Some answer said Completed: it must stay Completed, with one posting. */
  completedAcked: boolean;
}

export interface TWithdrawalRecord {
  userId: string;
  cents: bigint;
  status: string;
  /** The final outcomes acknowledged: Completed, Declined, deleted (more than one kind is a bug). */
  acked: Set<'Completed' | 'Declined' | 'deleted'>;
}

export interface TInvestmentRecord {
  userId: string;
  cents: bigint;
  status: string;
  depositId?: string;
  acked: Set<'Approved' | 'Declined'>;
}

/** A pending order the API acknowledged placing. */
export interface TOrderRecord {
  userId: string;
  margin: bigint;
}

export interface TPositionRecord {
  userId: string;
  pair: TPair;
  side: TPositionType;
  margin: bigint;
  open: boolean;
  /** A close by the client or an admin was acknowledged, with this result. */
  ackedClose?: { pnl: bigint; reason: string };
}

export interface TSignalRecord {
  pair: TPair;
  entry: number;
  target: number;
  /** pending: joinable; moved: its window is in the past; settled: it has a result. */
  stage: 'pending' | 'moved' | 'settled';
  /** Its window's place in the past (so no two signals share candles). */
  slot: number;
}

export interface TTradeRecord {
  userId: string;
  signalId: string;
  entry: bigint;
}

/** Acknowledged admin adjustments of one client: how many and how much, per kind. */
export type TAdjustmentTally = Record<TAdjustmentKind, { count: number; cents: bigint }>;

export interface TKindTally {
  run: number;
  acknowledged: number;
  refused: number;
  /** Nothing to act on yet (no deposit to decide, say). */
  skipped: number;
}

export class World {
  readonly clients: TClient[] = [];
  readonly clientsById = new Map<string, TClient>();
  depositMethodId = '';
  withdrawalMethodId = '';
  readonly plans: { id: string }[] = [];

  readonly deposits = new Map<string, TDepositRecord>();
  readonly withdrawals = new Map<string, TWithdrawalRecord>();
  readonly investments = new Map<string, TInvestmentRecord>();
  readonly positions = new Map<string, TPositionRecord>();
  readonly orders = new Map<string, TOrderRecord>();
  readonly signals = new Map<string, TSignalRecord>();
  readonly trades = new Map<string, TTradeRecord>();
  readonly adjustments = new Map<string, TAdjustmentTally>();
  /**
   * A second staff member (Finance), who decides the approvals `admin` asked for (docs/money.md,
   * "Four-eyes approval"); set before the first operation.
   */
  approver: TSignedIn | undefined;
  /** Money actions the API answered as sent for approval, and the decisions acknowledged on them. */
  readonly approvalTally = { asked: 0, approved: 0, rejected: 0 };
  /** Payouts that acknowledged Process All Trades calls and job runs said they paid. */
  payoutsProcessed = 0;
  /** Signals given a window in the past so far. */
  signalSlots = 0;
  /** The node, the watched methods and the transfers sent on chain (chain.ts); set before the first operation. */
  chain: ChainWorld | undefined;
  /** The last price each pair received. */
  readonly prices: Record<TPair, number> = { ...START_PRICES };

  /** Clients whose money or records the current batch touched. */
  readonly touched = new Set<string>();
  readonly tally = new Map<TOpKind, TKindTally>();
  requests = 0;
  /** The index of the operation running: reasons carry it, so a posting names the operation that made it. */
  operation = -1;
  /** Milliseconds spent in each part of the checks. */
  readonly timings = new Map<string, number>();

  constructor(
    readonly app: FastifyInstance,
    readonly seed: number,
    readonly admin: TSignedIn,
  ) {}

  addClient(client: TClient) {
    this.clients.push(client);
    this.clientsById.set(client.id, client);
    this.touched.add(client.id);
  }

  /** The client an operation's number names (every client the run made, closed ones included). */
  client(pick: number): TClient {
    const client = this.clients[pick % this.clients.length];
    if (!client) throw new Error('no clients yet');
    return client;
  }

  touch(...userIds: (string | undefined)[]) {
    for (const id of userIds) if (id) this.touched.add(id);
  }

  adjustment(userId: string, kind: TAdjustmentKind, cents: bigint) {
    let tally = this.adjustments.get(userId);
    if (!tally) {
      const zero = () => ({ count: 0, cents: 0n });
      tally = { credit: zero(), debit: zero(), profit: zero(), clear: zero() };
      this.adjustments.set(userId, tally);
    }
    tally[kind].count += 1;
    tally[kind].cents += cents;
  }

  count(kind: TOpKind, outcome: keyof TKindTally) {
    let tally = this.tally.get(kind);
    if (!tally) {
      tally = { run: 0, acknowledged: 0, refused: 0, skipped: 0 };
      this.tally.set(kind, tally);
    }
    tally[outcome] += 1;
  }
}

/** `pick` resolved to one of `ids` (undefined when there is none). */
export function pickOf<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}
