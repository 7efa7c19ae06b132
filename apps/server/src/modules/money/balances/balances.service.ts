import type { TBalanceSummary, TEquity, TEquityPosition, TRealisedProfit } from '@meridian/contracts/balances';
import { marginLevel } from '@meridian/contracts/margin-terms';
import { fromCents } from '@meridian/contracts/money';
import { closingSide, positionPnlCents } from '@meridian/contracts/position-terms';
import type { Db, Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import { investedOf } from '../../investing/investments/index.ts';
import { heldOrderMarginOf } from '../../trading/orders/index.ts';
import { openPositionsOf } from '../../trading/positions/index.ts';
import { openStakesOf } from '../../trading/signals/index.ts';
import {
  readBalanceRow,
  readBalanceRowIn,
  readClientAccountsIn,
  type TBalanceRowWithTotals,
} from './balances.repository.ts';

/**
 * Every part of a client's money (the Balance page; docs/money.md): the cached balance columns
 * the ledger keeps, the totals the Balance Breakdown shows, total balance (balance + profit + bonus),
 * what may be withdrawn (balance + profit; the bonus is not withdrawable), realised profit by source
 * and the operator's credits to the profit balance.
 */
export async function balanceSummaryOf(db: Db, userId: string): Promise<TBalanceSummary> {
  const user = await readBalanceRow(db, userId);
  if (user?.type !== 'Client') throw notFound();
  return {
    balance: fromCents(user.balance),
    tradingBalance: fromCents(user.tradingBalance),
    profitBalance: fromCents(user.profitBalance),
    bonus: fromCents(user.bonus),
    withdrawalHold: fromCents(user.withdrawalHold),
    totalBalance: fromCents(user.balance + user.profitBalance + user.bonus),
    withdrawable: fromCents(withdrawableCents(user)),
    totalDeposit: fromCents(user.totalDeposit),
    totalWithdrawal: fromCents(user.totalWithdrawal),
    totalInvestment: fromCents(user.totalInvestment),
    realisedProfit: realisedProfitOf(user),
    profitCredits: fromCents(user.profitCredits),
  };
}

/**
 * The account header's equity (docs/money.md, "Equity"): the ledger's balance, profit, bonus and
 * trading accounts, the trading account split into what each owning module says is committed
 * (plans, position margins, signal stakes, pending orders' margins), and the open positions valued at the latest price the
 * market holds for their pairs (stale or not: `asOf` and each position's price time say how old).
 * One read-only snapshot, so the parts add up to the accounts whatever is posted meanwhile.
 */
export async function equityOf(
  db: Db,
  market: Pick<MarketData, 'quote'>,
  levels: { callLevel: number; closeOutLevel: number },
  userId: string,
): Promise<TEquity> {
  const read = await db.transaction(
    async (tx) => {
      const user = await readBalanceRowIn(tx, userId);
      if (user?.type !== 'Client') throw notFound();
      const invested = await investedOf(tx, userId);
      const stakes = await openStakesOf(tx, userId);
      const open = await openPositionsOf(tx, userId);
      const orders = await heldOrderMarginOf(tx, userId);
      return { user, invested, stakes, open, orders };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const { user, invested, stakes, open, orders } = read;
  const asOf = new Date().toISOString();

  let margin = 0n;
  let unrealised = 0n;
  const positions: TEquityPosition[] = open.map((position) => {
    const quote = market.quote(position.pair);
    // Valued where it would close: a buy at the bid, a sell at the ask.
    const price = quote ? quote[closingSide(position.type)] : null;
    // No price yet for the pair (a server just started): the position counts at its margin.
    const pnl =
      price !== null
        ? positionPnlCents({
            pair: position.pair,
            type: position.type,
            entryPrice: position.entryPrice,
            exitPrice: price,
            marginCents: position.margin,
            leverage: position.leverage,
          })
        : 0n;
    margin += position.margin;
    unrealised += pnl;
    return {
      id: position.id,
      asset: position.pair,
      type: position.type,
      amount: fromCents(position.margin),
      leverage: position.leverage,
      entryPrice: position.entryPrice,
      price,
      priceTime: quote?.time ?? null,
      unrealisedPnl: fromCents(pnl),
    };
  });

  const cash = user.balance + user.profitBalance;
  const committed = invested + margin + stakes + orders;
  const tradingDifference = user.tradingBalance - committed;
  // = balance + profit + bonus + trading + unrealised: the parts only split the trading account.
  const equity = cash + user.bonus + committed + tradingDifference + unrealised;
  return {
    equity: fromCents(equity),
    cash: fromCents(cash),
    bonus: fromCents(user.bonus),
    invested: fromCents(invested),
    margin: fromCents(margin),
    stakes: fromCents(stakes),
    orders: fromCents(orders),
    tradingAccount: fromCents(user.tradingBalance),
    tradingDifference: fromCents(tradingDifference),
    unrealisedPnl: fromCents(unrealised),
    positions,
    marginLevel: marginLevel(cash + margin + unrealised, margin),
    marginCallLevel: levels.callLevel,
    closeOutLevel: levels.closeOutLevel,
    withdrawable: fromCents(withdrawableCents(user)),
    withdrawalHold: fromCents(user.withdrawalHold),
    realisedProfit: realisedProfitOf(user).total,
    asOf,
  };
}

/** Balance + profit: the bonus is not withdrawable, and the hold is already on its way out. */
function withdrawableCents(user: Pick<TBalanceRowWithTotals, 'balance' | 'profitBalance'>): bigint {
  return user.balance + user.profitBalance;
}

/** Realised profit (docs/money.md, "Profit"): plans' payouts paid + positions' and signals' results. */
function realisedProfitOf({ realised }: Pick<TBalanceRowWithTotals, 'realised'>): TRealisedProfit {
  return {
    total: fromCents(realised.plans + realised.positions + realised.signals),
    plans: fromCents(realised.plans),
    positions: fromCents(realised.positions),
    signals: fromCents(realised.signals),
  };
}

/** One client's ledger accounts in cents: what the platform owes them (docs/money.md, "Proof of reserves"). */
export interface TClientLiability {
  userId: string;
  balance: bigint;
  trading: bigint;
  profit: bigint;
  bonus: bigint;
  withdrawalHold: bigint;
}

/**
 * Every client's accounts, inside the caller's transaction: the liabilities of a proof-of-reserves
 * snapshot. All five accounts count, the bonus and pending withdrawals' hold included: money the
 * platform has promised and not yet paid out.
 */
export function clientLiabilitiesIn(tx: Tx): Promise<TClientLiability[]> {
  return readClientAccountsIn(tx);
}

/** What one client is owed in all: the sum of their five accounts. */
export function liabilityCents(l: Omit<TClientLiability, 'userId'>): bigint {
  return l.balance + l.trading + l.profit + l.bonus + l.withdrawalHold;
}
