import { PAGE_SIZE_MAX } from '@meridian/contracts/constants';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import type { TTransaction } from '@meridian/contracts/transactions';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { centsOf, send, type TAnswer } from './api.ts';
import type { TClient, World } from './world.ts';

/**
 * A client's history as the API returns it (every page, by cursor) held against the database and the
 * ledger: the same records, in order, each with exactly the postings its type and status call for
 * (docs/money.md, "Flows"), every posting of the client pointing at one of their records, and their
 * money within what the history explains. Answers the problems found, one line each.
 */

const cents = (dollars: number | null) => (dollars === null ? null : centsOf(dollars));

interface TDbRow {
  id: string;
  user_id: string;
  type: string;
  status: string;
  amount: string;
  pnl: string | null;
  direction: string;
  adjustment_kind: string | null;
  deleted: boolean;
}

/** The client's entries of one posting kind on one record: how many postings, and the sum per account. */
interface TKindEntries {
  postings: number;
  accounts: Map<string, bigint>;
}

/** Entries of each client, by the record they reference (`null`: none), then by kind. */
type TLedgerOfClient = Map<string | null, Map<string, TKindEntries>>;

interface TBalancesRow {
  id: string;
  balance: string;
  trading_balance: string;
  profit_balance: string;
  bonus: string;
  withdrawal_hold: string;
}

/** Reads what the checks of `clients` need from the database, in three queries for all of them. */
async function readDatabase(world: World, ids: string[]) {
  const db = world.app.db;
  const rows = await queryRows<TDbRow>(
    db,
    sql`select id::text, user_id::text, type, status, amount::text, pnl::text, direction, adjustment_kind,
               deleted_at is not null as deleted
        from transactions where user_id = any(${sql.param(ids)}::uuid[])`,
  );
  const entries = await queryRows<{
    user_id: string;
    ref_id: string | null;
    kind: string;
    account: string;
    amount: string;
    postings: number;
  }>(
    db,
    sql`select e.user_id::text, t.ref_id::text, t.kind, e.account, sum(e.amount)::text as amount,
               count(distinct t.id)::int as postings
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.user_id = any(${sql.param(ids)}::uuid[])
        group by e.user_id, t.ref_id, t.kind, e.account`,
  );
  const balances = await queryRows<TBalancesRow>(
    db,
    sql`select id::text, balance::text, trading_balance::text, profit_balance::text, bonus::text, withdrawal_hold::text
        from users where id = any(${sql.param(ids)}::uuid[])`,
  );
  const rowsOf = new Map<string, TDbRow[]>();
  for (const row of rows) rowsOf.set(row.user_id, [...(rowsOf.get(row.user_id) ?? []), row]);
  const ledgerOf = new Map<string, TLedgerOfClient>();
  for (const e of entries) {
    let ofClient = ledgerOf.get(e.user_id);
    if (!ofClient) {
      ofClient = new Map();
      ledgerOf.set(e.user_id, ofClient);
    }
    let byKind = ofClient.get(e.ref_id);
    if (!byKind) {
      byKind = new Map();
      ofClient.set(e.ref_id, byKind);
    }
    let kind = byKind.get(e.kind);
    if (!kind) {
      kind = { postings: 0, accounts: new Map() };
      byKind.set(e.kind, kind);
    }
    kind.postings = Math.max(kind.postings, Number(e.postings));
    kind.accounts.set(e.account, BigInt(e.amount));
  }
  const orders = await queryRows<TOrderRow>(
    db,
    sql`select id::text, user_id::text, status, position_id::text from orders where user_id = any(${sql.param(ids)}::uuid[])`,
  );
  const ordersOf = new Map<string, TOrderRow[]>();
  for (const order of orders) ordersOf.set(order.user_id, [...(ordersOf.get(order.user_id) ?? []), order]);
  return { rowsOf, ledgerOf, ordersOf, balancesOf: new Map(balances.map((b) => [b.id, b])) };
}

interface TOrderRow {
  id: string;
  user_id: string;
  status: string;
  position_id: string | null;
}

/**
 * Takes the client's pending orders' postings out of `ledger` (they are not history records), checking
 * them: placed once, moving the margin balance → trading; refunded at most once, only when cancelled
 * or expired, trading → balance. A filled order's placing is its position's opening: it moves under
 * the position's record as `position.open`, where the Position rules check it.
 */
function takeOrderPostings(ledger: TLedgerOfClient, orders: readonly TOrderRow[]): string[] {
  const problems: string[] = [];
  for (const order of orders) {
    const byKind = ledger.get(order.id);
    ledger.delete(order.id);
    const place = byKind?.get('order.place');
    const refunds = ['order.cancel', 'order.expire'].flatMap((kind) => {
      const entries = byKind?.get(kind);
      return entries ? [entries] : [];
    });
    const others = [...(byKind?.keys() ?? [])].filter(
      (k) => !['order.place', 'order.cancel', 'order.expire'].includes(k),
    );
    const ended = order.status === 'cancelled' || order.status === 'expired';
    const internal = (e: TKindEntries) => [...e.accounts.values()].reduce((sum, v) => sum + v, 0n) === 0n;
    if (
      place?.postings !== 1 ||
      !internal(place) ||
      others.length > 0 ||
      refunds.length > (ended ? 1 : 0) ||
      refunds.some((e) => e.postings !== 1 || !internal(e))
    ) {
      problems.push(`order ${order.id} (${order.status}) has postings ${[...(byKind?.keys() ?? [])].join(', ')}`);
    }
    if (order.position_id && place) {
      const position = ledger.get(order.position_id) ?? new Map<string, TKindEntries>();
      if (position.has('position.open')) problems.push(`position ${order.position_id} was also opened by a posting`);
      position.set('position.open', place);
      ledger.set(order.position_id, position);
    }
  }
  return problems;
}

/** Every page of the client's history, newest first, read by cursor as the web's Next button reads it. */
async function readHistory(world: World, client: TClient): Promise<{ rows: TTransaction[]; problems: string[] }> {
  const as = client.closed ? world.admin : client.session;
  const rows: TTransaction[] = [];
  const problems: string[] = [];
  let after: string | null = null;
  let pages = 0;
  let totalPage = 0;
  do {
    world.requests += 1;
    const answer: TAnswer<typeof getUserTransactions> = await send(world.app, {
      endpoint: getUserTransactions,
      as,
      params: { userId: client.id },
      query: after ? { page: pages + 1, limit: PAGE_SIZE_MAX, after } : { page: 1, limit: PAGE_SIZE_MAX },
    });
    if (!answer.ok) {
      problems.push(`history page ${pages + 1} was refused: ${answer.status} ${answer.raw}`);
      break;
    }
    if (pages === 0) totalPage = answer.body.totalPage;
    rows.push(...answer.body.transactions);
    after = answer.body.nextCursor;
    pages += 1;
  } while (after);
  if (problems.length === 0 && pages !== Math.max(1, totalPage)) {
    problems.push(`history: ${pages} pages by cursor, but the first page said ${totalPage}`);
  }
  return { rows, problems };
}

/** What a record may have been posted as, by type. */
const KINDS: Record<string, readonly string[]> = {
  Deposit: ['deposit.completed'],
  Withdrawal: ['withdrawal.hold', 'withdrawal.completed', 'withdrawal.declined', 'withdrawal.deleted'],
  Adjustment: ['adjustment.credit', 'adjustment.debit', 'adjustment.profit', 'adjustment.clear'],
  Investment: ['investment.funded', 'investment.declined', 'investment.matured'],
  Payout: ['payout.paid'],
  Position: ['position.open', 'position.commission', 'position.close'],
  Signal: ['signal.join', 'signal.settle'],
};

interface TRecord {
  id: string;
  type: string;
  status: string;
  amount: bigint;
  pnl: bigint | null;
  direction: string;
  adjustmentKind: string | null;
  deleted: boolean;
}

/**
 * The postings one record must have (docs/money.md, "Flows"), and the range of what it did to the
 * client's money: exact, except a loss, which takes at most the loss (an admin's Clear Balance may
 * have emptied the trading account the loss would come from).
 */
function checkRecord(
  r: TRecord,
  ledger: Map<string, TKindEntries> | undefined,
): {
  problems: string[];
  low: bigint;
  high: bigint;
} {
  const problems: string[] = [];
  const posted = (kind: string) => ledger?.get(kind)?.postings ?? 0;
  const leg = (kind: string, account: string) => ledger?.get(kind)?.accounts.get(account) ?? 0n;
  const net = (kind?: string) => {
    let sum = 0n;
    for (const [k, entries] of ledger ?? []) {
      if (kind !== undefined && k !== kind) continue;
      for (const amount of entries.accounts.values()) sum += amount;
    }
    return sum;
  };
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  for (const kind of ledger?.keys() ?? []) {
    expect(KINDS[r.type]?.includes(kind) ?? false, `a ${kind} posting`);
    expect(posted(kind) <= 1, `${posted(kind)} ${kind} postings`);
  }
  const a = r.amount;
  let low = 0n;
  let high = 0n;
  switch (r.type) {
    case 'Deposit':
      if (r.status === 'Completed') {
        expect(posted('deposit.completed') === 1 && leg('deposit.completed', 'balance') === a, 'not credited once');
        low = high = a;
      } else {
        expect(posted('deposit.completed') === 0, `credited while ${r.status}`);
      }
      break;
    case 'Withdrawal': {
      expect(posted('withdrawal.hold') === 1, `${posted('withdrawal.hold')} holds`);
      expect(leg('withdrawal.hold', 'withdrawal_hold') === a, 'a hold of another amount');
      expect(leg('withdrawal.hold', 'balance') + leg('withdrawal.hold', 'profit') === -a, 'held from elsewhere');
      const released = r.deleted ? 'withdrawal.deleted' : 'withdrawal.declined';
      if (r.status === 'Completed') {
        expect(
          posted('withdrawal.completed') === 1 && leg('withdrawal.completed', 'withdrawal_hold') === -a,
          'not paid out once',
        );
        low = high = -a;
      } else {
        expect(posted('withdrawal.completed') === 0, `paid out while ${r.status}`);
      }
      if (r.status === 'Declined') {
        expect(posted(released) === 1, `Declined without a ${released} posting`);
        expect(leg(released, 'withdrawal_hold') === -a, 'the hold did not return whole');
        expect(
          leg(released, 'balance') === -leg('withdrawal.hold', 'balance') &&
            leg(released, 'profit') === -leg('withdrawal.hold', 'profit'),
          'the hold returned to other accounts than it came from',
        );
      } else {
        expect(posted('withdrawal.declined') + posted('withdrawal.deleted') === 0, `released while ${r.status}`);
      }
      break;
    }
    case 'Adjustment': {
      const kind = `adjustment.${r.adjustmentKind}`;
      const signed = r.direction === 'in' ? a : -a;
      expect(posted(kind) === 1 && net(kind) === signed, `not posted once as ${kind} of ${signed}`);
      low = high = signed;
      break;
    }
    case 'Investment': {
      const funded = posted('investment.funded');
      expect(net() === 0n, `moved ${net()} cents in or out of the client's money`);
      expect(funded === 0 || leg('investment.funded', 'trading') === a, 'funded with another amount');
      expect(leg('investment.matured', 'balance') <= a, 'returned more than its principal');
      if (r.status === 'Pending')
        expect(posted('investment.declined') + posted('investment.matured') === 0, 'settled while Pending');
      if (r.status === 'Approved')
        expect(funded === 1 && posted('investment.declined') === 0, 'Approved but not funded once');
      if (r.status === 'Declined') {
        expect(posted('investment.matured') === 0, 'Declined but matured');
        expect(posted('investment.declined') === funded, 'Declined without returning its funding');
      }
      break;
    }
    case 'Payout':
      expect(posted('payout.paid') === 1 && leg('payout.paid', 'profit') === a, 'not paid once');
      low = high = a;
      break;
    case 'Position':
    case 'Signal': {
      const [open, close] =
        r.type === 'Position' ? ['position.open', 'position.close'] : ['signal.join', 'signal.settle'];
      // A position's commission: from the balance at market; at a fill, from the trading account,
      // where its order held it with the margin (so that opening put margin + commission there), at
      // most what trading still holds (an admin's Clear Balance may have taken the rest).
      const fee = 'position.commission';
      const commission = -net(fee);
      const held = leg(open, 'trading') - a;
      expect(
        posted(open) === 1 && held >= 0n && leg(open, 'balance') === -(a + held),
        `not opened once with ${a} (and ${held} held for its commission)`,
      );
      expect(
        commission >= 0n && (held > 0n ? leg(fee, 'balance') === 0n && commission <= held : leg(fee, 'trading') === 0n),
        `a commission of ${commission} with ${held} held for it`,
      );
      low = high = -commission;
      if (r.status === 'Pending') {
        expect(posted(close) === 0, 'settled while Pending');
        break;
      }
      const pnl = r.pnl ?? 0n;
      expect(r.pnl !== null, 'Completed without a result');
      expect(leg(close, 'balance') <= a, 'returned more than it put up');
      if (pnl > 0n) {
        expect(posted(close) === 1 && leg(close, 'profit') === pnl, `a gain of ${pnl} not paid once`);
        low += pnl;
        high += pnl;
      } else {
        expect(net(close) <= 0n && net(close) >= pnl, `a result of ${pnl} moved ${net(close)}`);
        low += pnl;
      }
      break;
    }
    default:
      problems.push('a record of an unknown type');
  }
  return {
    problems: problems.map((p) => `${r.type} ${r.id} (${r.status}${r.deleted ? ', deleted' : ''}): ${p}`),
    low,
    high,
  };
}

/** The history of each of `clients` (API) against the database and the ledger. */
export async function checkHistories(world: World, clients: TClient[]): Promise<string[]> {
  if (clients.length === 0) return [];
  const { rowsOf, ledgerOf, ordersOf, balancesOf } = await readDatabase(
    world,
    clients.map((c) => c.id),
  );
  const problems: string[] = [];
  for (const client of clients) {
    const own = (p: string) => problems.push(`client ${client.id}${client.closed ? ' (closed)' : ''}: ${p}`);
    const history = await readHistory(world, client);
    history.problems.forEach(own);
    const dbRows = rowsOf.get(client.id) ?? [];
    const live = new Map(dbRows.filter((r) => !r.deleted).map((r) => [r.id, r]));
    const ledger = ledgerOf.get(client.id) ?? new Map<string | null, Map<string, TKindEntries>>();
    takeOrderPostings(ledger, ordersOf.get(client.id) ?? []).forEach(own);

    // The same records as the database holds, each once, newest first.
    const seen = new Set<string>();
    let previous = Number.POSITIVE_INFINITY;
    for (const row of history.rows) {
      if (seen.has(row.id)) own(`history shows ${row.id} twice`);
      seen.add(row.id);
      const at = Date.parse(row.createdAt);
      if (at > previous) own(`history is out of order at ${row.id}`);
      previous = at;
      const db = live.get(row.id);
      if (!db) {
        own(`history shows ${row.type} ${row.id}, which is not a live record of the client`);
        continue;
      }
      if (
        row.type !== db.type ||
        row.status !== db.status ||
        cents(row.amount) !== BigInt(db.amount) ||
        cents(row.pnl) !== (db.pnl === null ? null : BigInt(db.pnl))
      ) {
        own(
          `history shows ${row.type} ${row.id} as ${row.status} ${row.amount} (pnl ${row.pnl}), the database ${db.type} ${db.status} ${db.amount}¢ (pnl ${db.pnl})`,
        );
      }
    }
    for (const id of live.keys()) if (!seen.has(id)) own(`history leaves out record ${id}`);

    // Each record with exactly its postings; the client's money within what the history explains.
    let low = 0n;
    let high = 0n;
    const records: TRecord[] = [
      ...history.rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        amount: cents(row.amount) ?? 0n,
        pnl: cents(row.pnl),
        direction: row.direction,
        adjustmentKind: row.adjustmentKind,
        deleted: false,
      })),
      ...dbRows
        .filter((r) => r.deleted)
        .map((r) => ({
          id: r.id,
          type: r.type,
          status: r.status,
          amount: BigInt(r.amount),
          pnl: r.pnl === null ? null : BigInt(r.pnl),
          direction: r.direction,
          adjustmentKind: r.adjustment_kind,
          deleted: true,
        })),
    ];
    for (const record of records) {
      const checked = checkRecord(record, ledger.get(record.id));
      checked.problems.forEach(own);
      low += checked.low;
      high += checked.high;
    }
    const known = new Set(records.map((r) => r.id));
    for (const [ref, kinds] of ledger) {
      if (ref === null || !known.has(ref))
        own(`postings ${[...kinds.keys()].join(', ')} point at ${ref ?? 'no record'}, not a record of the client`);
    }
    const b = balancesOf.get(client.id);
    if (!b) {
      own('no user row');
      continue;
    }
    const owned =
      BigInt(b.balance) +
      BigInt(b.trading_balance) +
      BigInt(b.profit_balance) +
      BigInt(b.bonus) +
      BigInt(b.withdrawal_hold);
    if (owned < low || owned > high) {
      own(`holds ${owned} cents; the history explains ${low === high ? low : `${low} to ${high}`}`);
    }

    // The Balance page says what the columns hold.
    world.requests += 1;
    const summary = await send(world.app, {
      endpoint: getBalance,
      as: client.closed ? world.admin : client.session,
      params: { userId: client.id },
    });
    if (summary.ok) {
      const shown = [
        summary.body.balance,
        summary.body.tradingBalance,
        summary.body.profitBalance,
        summary.body.bonus,
        summary.body.withdrawalHold,
      ].map((v) => cents(v));
      const held = [b.balance, b.trading_balance, b.profit_balance, b.bonus, b.withdrawal_hold].map((v) => BigInt(v));
      if (shown.some((v, i) => v !== held[i]))
        own(`the Balance page shows ${shown.join('/')}, the columns hold ${held.join('/')}`);
    } else if (!client.closed) {
      own(`the Balance page was refused: ${summary.status} ${summary.raw}`);
    }

    // Acknowledged adjustments: each in the history, once.
    const tally = world.adjustments.get(client.id);
    for (const kind of ['credit', 'debit', 'profit', 'clear'] as const) {
      const shown = history.rows.filter((r) => r.type === 'Adjustment' && r.adjustmentKind === kind);
      const acked = tally?.[kind] ?? { count: 0, cents: 0n };
      const sum = shown.reduce((s, r) => s + (cents(r.amount) ?? 0n), 0n);
      if (kind === 'clear') {
        if (shown.length > acked.count) own(`${shown.length} clears in the history, ${acked.count} acknowledged`);
      } else if (shown.length !== acked.count || sum !== acked.cents) {
        own(
          `${acked.count} ${kind}s of ${acked.cents} cents acknowledged, the history shows ${shown.length} of ${sum}`,
        );
      }
    }
  }
  return problems;
}
