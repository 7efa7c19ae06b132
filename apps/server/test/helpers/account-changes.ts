import type { FastifyInstance } from 'fastify';
import type { TUserAccount } from '../../src/db/schema/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';

/**
 * Changes a client's accounts by `changes` (negative takes out) in one balanced posting, the platform's
 * adjustments account making up the difference: for tests that need a bonus, profit or trading amount
 * that no endpoint gives directly.
 */
export function postAccountChanges(
  app: FastifyInstance,
  actorId: string,
  userId: string,
  changes: Partial<Record<TUserAccount, bigint>>,
  reason: string,
): Promise<string> {
  const legs = Object.entries(changes).map(([account, amount]) => ({
    userId,
    account: account as TUserAccount,
    amount: amount ?? 0n,
  }));
  const total = legs.reduce((sum, leg) => sum + leg.amount, 0n);
  return app.db.transaction((tx) =>
    post(tx, {
      kind: 'test.account-changes',
      reason,
      actorId,
      legs: [{ account: 'adjustments', amount: -total }, ...legs],
    }),
  );
}
