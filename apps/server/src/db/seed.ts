import { randomBytes } from 'node:crypto';
import { REFERRAL_CODE_LENGTH } from '@meridian/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { randomCode } from '../lib/random.ts';
import type { Db, DbOrTx } from './client.ts';
import { withdrawalMethods } from './schema/money.ts';
import { users } from './schema/users.ts';

/**
 * Creates the first admin when there is no admin yet. The password comes from ADMIN_PASSWORD or is
 * generated; a generated one is returned so the caller prints it once. Nothing is stored in clear.
 */
export async function seedFirstAdmin(
  db: Db,
  options: { email: string; password?: string | undefined },
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const findAdmin = async (q: DbOrTx) =>
    (await q.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1))[0];
  if (await findAdmin(db)) return { created: false, email: options.email };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? (generatedPassword as string);
  // Hashed before the lock is taken: argon2 takes a while, and servers starting together wait on it.
  const passwordHash = await hashPassword(password);
  // Servers starting together on one empty database take turns: the first creates the admin, the
  // others find it (without the lock both would insert, and one would stop on the unique email).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian.seed.first_admin'))`);
    if (await findAdmin(tx)) return { created: false, email: options.email };
    await tx.insert(users).values({
      type: 'Admin',
      staffRole: 'Admin',
      firstname: 'Platform',
      lastname: 'Admin',
      username: 'admin',
      email: options.email.toLowerCase(),
      passwordHash,
      isVerified: true,
      // The operator named this address in the settings (docs/security.md, "Email verification").
      emailVerifiedAt: sql`now()`,
      referralCode: randomCode(REFERRAL_CODE_LENGTH),
    });
    return { created: true, email: options.email, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}

/**
 * The withdrawal methods a fresh platform starts with (docs/deviations.md; min $10,
 * max $50,000, in cents). Deposit methods are not seeded: each carries the wallet address clients
 * send real money to, and only the operator can give a real one.
 */
export const DEFAULT_WITHDRAWAL_METHODS = [
  {
    name: 'USDT (TRC20)',
    description:
      'Tether (USDT) sent to your wallet on the TRON network. Give a TRC20 address: funds sent to an address ' +
      'on another network cannot be recovered. Paid out after our team reviews the request.',
  },
  {
    name: 'Bitcoin (BTC)',
    description:
      'Bitcoin sent to your BTC address on the Bitcoin network. Paid out after our team reviews the request; ' +
      'confirmation time on the network varies with its load.',
  },
  {
    name: 'Ethereum (ETH)',
    description:
      'Ether sent to your address on the Ethereum network. Give an Ethereum address you control. Paid out ' +
      'after our team reviews the request; confirmation time varies with network load.',
  },
].map((method) => ({ ...method, minAmount: 1_000n, maxAmount: 5_000_000n }));

/**
 * Seeds the default withdrawal methods when the table has never held any (deleted ones count, so
 * an operator's deletions stay deleted). Several instances may start at once: a transaction-scoped
 * advisory lock lets one of them seed and the others find the rows. Returns how many it created.
 */
export async function seedWithdrawalMethods(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian.seed.withdrawal_methods'))`);
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(withdrawalMethods);
    if ((row?.n ?? 0) > 0) return 0;
    await tx.insert(withdrawalMethods).values(DEFAULT_WITHDRAWAL_METHODS);
    return DEFAULT_WITHDRAWAL_METHODS.length;
  });
}
