import { fromCents } from '@meridian/contracts/money';
import { walletNetwork } from '@meridian/contracts/wallet-address';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { withdrawalCodes, withdrawalMethods } from '../../src/db/schema/money.ts';
import { users } from '../../src/db/schema/users.ts';
import { adjustBalance } from '../../src/modules/money/adjustments/adjustments.service.ts';
import { hashWithdrawalCode } from '../../src/modules/money/withdrawals/withdrawal-codes.service.ts';
import { createWithdrawal, setWithdrawalStatus } from '../../src/modules/money/withdrawals/withdrawals.service.ts';
import { insertActiveAddress } from './address-book-fixtures.ts';
import { signedInUser, type TSignedIn } from './factories.ts';

/**
 * Money and withdrawal state straight through the services and the database, for tests that need
 * it as a precondition rather than as the thing under test.
 */

/** Any admin of the database (the fixtures' actor). */
export async function anyAdminId(app: FastifyInstance): Promise<string> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1);
  if (!row) throw new Error('withdrawal-fixtures: create an admin first');
  return row.id;
}

/** Credits a client's balance with `cents` (an admin credit, as POST /user/fund does). */
export async function fundClient(app: FastifyInstance, userId: string, cents: bigint, adminId?: string) {
  const actor = adminId ?? (await anyAdminId(app));
  await adjustBalance(
    app.db,
    app.mail,
    actor,
    userId,
    'credit',
    { amount: fromCents(cents), reason: 'Test funding' },
    { above: null },
  );
}

/** A new signed-in client with `dollars` in their balance (an admin credit; none for 0). */
export async function fundedClient(app: FastifyInstance, dollars: number, adminId?: string): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  if (dollars > 0) await fundClient(app, client.id, BigInt(Math.round(dollars * 100)), adminId);
  return client;
}

/** Tops the client's balance up to at least `cents`. */
export async function ensureBalance(app: FastifyInstance, userId: string, cents: bigint) {
  const [row] = await app.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const balance = row?.balance ?? 0n;
  if (balance < cents) await fundClient(app, userId, cents - balance);
}

/** Every open client able to pay `cents` (a closed account takes no money): for routes any client may call. */
export async function fundOpenClients(app: FastifyInstance, cents: bigint): Promise<void> {
  const clients = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'Client'), isNull(users.closedAt)));
  for (const client of clients) await ensureBalance(app, client.id, cents);
}

export async function createWithdrawalMethod(
  app: FastifyInstance,
  overrides: Partial<typeof withdrawalMethods.$inferInsert> = {},
): Promise<{ id: string; name: string }> {
  const [row] = await app.db
    .insert(withdrawalMethods)
    .values({
      name: 'USDT (TRC20)',
      description: 'Tether on Tron',
      minAmount: 1_000n,
      maxAmount: 10_000_000n,
      ...overrides,
    })
    .returning({ id: withdrawalMethods.id, name: withdrawalMethods.name });
  if (!row) throw new Error('no method');
  return row;
}

/**
 * Puts a code of the client's in place, replacing their unspent ones: `verified` as if they had
 * just verified it. Made 2 minutes ago, so it does not hold back a new code request.
 */
export async function placeCode(
  app: FastifyInstance,
  userId: string,
  code = '123456',
  options: { verified?: boolean } = {},
): Promise<string> {
  await app.db
    .update(withdrawalCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(withdrawalCodes.userId, userId), isNull(withdrawalCodes.usedAt)));
  const [row] = await app.db
    .insert(withdrawalCodes)
    .values({
      userId,
      codeHash: hashWithdrawalCode(userId, code),
      createdAt: sql`now() - interval '2 minutes'`,
      expiresAt: sql`now() + interval '8 minutes'`,
      verifiedAt: options.verified ? sql`now()` : null,
    })
    .returning({ id: withdrawalCodes.id });
  if (!row) throw new Error('no code');
  return row.id;
}

/** Lets the client ask for a new code now (their codes were all made over a minute ago). */
export async function backdateCodes(app: FastifyInstance, userId: string) {
  await app.db
    .update(withdrawalCodes)
    .set({ createdAt: sql`${withdrawalCodes.createdAt} - interval '2 minutes'` })
    .where(eq(withdrawalCodes.userId, userId));
}

/** A valid address of the network a method's name implies (contracts/wallet-address.ts). */
export function sampleWalletAddress(methodName: string): string {
  switch (walletNetwork(methodName)) {
    case 'BTC':
      return 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    case 'ETH':
    case 'ERC20':
    case 'BEP20':
      return '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    case 'TRC20':
      return 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    default:
      return 'Fixture payout account';
  }
}

/** A Pending withdrawal of `cents` by the client, funded and verified as needed. */
export async function createPendingWithdrawal(
  app: FastifyInstance,
  userId: string,
  methodId: string,
  cents: bigint,
): Promise<string> {
  await ensureBalance(app, userId, cents);
  await placeCode(app, userId, '123456', { verified: true });
  const [method] = await app.db
    .select({ name: withdrawalMethods.name })
    .from(withdrawalMethods)
    .where(eq(withdrawalMethods.id, methodId));
  // The client themself asks (the service checks the body's `user` against the caller).
  const caller = { id: userId, type: 'Client', sessionId: userId } as const;
  const address = sampleWalletAddress(method?.name ?? '');
  await insertActiveAddress(app, userId, methodId, address);
  const row = await createWithdrawal(app.db, caller, {
    amount: fromCents(cents),
    address,
    withdrawalMethod: methodId,
    user: userId,
  });
  return row.id;
}

/** A withdrawal of `cents` by the client that an admin has completed (paid out), with no payout reference yet. */
export async function createCompletedWithdrawal(
  app: FastifyInstance,
  userId: string,
  methodId: string,
  cents: bigint,
): Promise<string> {
  const id = await createPendingWithdrawal(app, userId, methodId, cents);
  await setWithdrawalStatus(app.db, app.mail, await anyAdminId(app), id, 'Completed', {}, { above: null });
  return id;
}
