import type { TLanguage } from '@meridian/contracts/constants';
import { STATEMENT_MAX_MOVEMENTS } from '@meridian/contracts/statements';
import type { Db } from '../../../db/client.ts';
import { type TUserAccount, USER_ACCOUNTS } from '../../../db/schema/ledger.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import {
  movementsIn,
  readStatementClient,
  snapshotTime,
  sumsBefore,
  type TMovementRow,
} from './statements.repository.ts';
import { isStatementKind, statementTexts, type TStatementTexts } from './texts.ts';

/**
 * A client's statement for a period, derived from the ledger alone (docs/money.md, "Statements"):
 * per user account the opening balance (the sum of its entries before the period), every entry in
 * the period with a description in the statement's language and the running balance, the totals in
 * and out, and the closing balance. All of it is read in one read-only REPEATABLE READ transaction,
 * so opening + movements = closing exactly, whatever is posted meanwhile.
 */

export interface TStatementMovement {
  /** The ledger transaction the entry belongs to. */
  transactionId: string;
  at: Date;
  description: string;
  /** Signed cents: positive adds to the account. */
  amount: bigint;
  /** The account's balance after this movement, in cents. */
  balance: bigint;
}

export interface TStatementAccount {
  account: TUserAccount;
  opening: bigint;
  movements: TStatementMovement[];
  totalIn: bigint;
  /** The money out of the account, as a positive number of cents. */
  totalOut: bigint;
  closing: bigint;
}

export interface TStatement {
  brand: string;
  client: { id: string; firstname: string; lastname: string; email: string };
  /** The period [from, to); `to` is at most the generation time. */
  from: Date;
  to: Date;
  generatedAt: Date;
  lang: TLanguage;
  timeZone: string;
  accounts: TStatementAccount[];
}

export interface TStatementRequest {
  userId: string;
  from: string;
  to: string;
  lang: TLanguage;
  tz: string;
  brand: string;
}

export async function buildStatement(db: Db, request: TStatementRequest): Promise<TStatement> {
  const texts = statementTexts(request.lang);
  const requestedFrom = new Date(request.from);
  const requestedTo = new Date(request.to);
  return db.transaction(
    async (tx) => {
      const client = await readStatementClient(tx, request.userId);
      if (client?.type !== 'Client') throw notFound();
      const generatedAt = await snapshotTime(tx);
      if (requestedFrom >= generatedAt) {
        throw AppError.field('from', 'statements.periodInFuture');
      }
      // A period reaching past now ends now: what has not happened cannot be stated.
      const to = requestedTo > generatedAt ? generatedAt : requestedTo;
      const opening = await sumsBefore(tx, client.id, requestedFrom);
      const rows = await movementsIn(tx, client.id, requestedFrom, to, STATEMENT_MAX_MOVEMENTS + 1);
      if (rows.length > STATEMENT_MAX_MOVEMENTS) {
        throw AppError.refused('statements.tooManyMovements', { max: STATEMENT_MAX_MOVEMENTS });
      }
      return {
        brand: request.brand,
        client: { id: client.id, firstname: client.firstname, lastname: client.lastname, email: client.email },
        from: requestedFrom,
        to,
        generatedAt,
        lang: request.lang,
        timeZone: request.tz,
        accounts: USER_ACCOUNTS.map((account) =>
          accountOf(
            account,
            opening.get(account) ?? 0n,
            rows.filter((row) => row.account === account),
            texts,
          ),
        ),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function accountOf(
  account: TUserAccount,
  opening: bigint,
  rows: TMovementRow[],
  texts: TStatementTexts,
): TStatementAccount {
  let balance = opening;
  let totalIn = 0n;
  let totalOut = 0n;
  const movements = rows.map((row) => {
    const amount = BigInt(row.amount);
    balance += amount;
    if (amount > 0n) totalIn += amount;
    else totalOut -= amount;
    return {
      transactionId: row.transaction_id,
      at: new Date(row.created_at),
      description: describe(row, texts),
      amount,
      balance,
    };
  });
  return { account, opening, movements, totalIn, totalOut, closing: balance };
}

/**
 * What a movement was, in the statement's language: the kind of ledger transaction, and what the
 * record it references names (the method, the plan, the pair and why a position closed, or the
 * operator's reason for an adjustment, in the operator's words). A kind this list does not know
 * shows the ledger's reason.
 */
export function describe(row: TMovementRow, texts: TStatementTexts): string {
  if (!isStatementKind(row.kind)) return row.reason;
  const label = texts.kinds[row.kind];
  const area = row.kind.slice(0, row.kind.indexOf('.'));
  const detail =
    area === 'deposit'
      ? row.deposit_method
      : area === 'withdrawal'
        ? row.withdrawal_method
        : area === 'adjustment'
          ? row.note
          : area === 'investment' || area === 'payout'
            ? row.plan
            : row.asset;
  const why = row.kind === 'position.close' && row.close_reason ? ` (${texts.closeReasons[row.close_reason]})` : '';
  return detail ? `${label}${texts.separator}${detail}${why}` : `${label}${why}`;
}
