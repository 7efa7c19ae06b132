import type { TUser } from '@meridian/contracts/auth';
import type { TClientList, TClientListItem, TCreateClientInput } from '@meridian/contracts/clients';
import { encodeTimeIdCursor } from '@meridian/contracts/cursor';
import { formatUsd } from '@meridian/contracts/money';
import { totalPages } from '@meridian/contracts/pagination';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { CountCache, pageStart } from '../../../lib/paging.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { randomToken } from '../../../lib/random.ts';
import type { FileStore } from '../../../providers/files/interface.ts';
import type { AuthService } from '../../identity/auth/index.ts';
import { revokeAllFamiliesOfUser } from '../../identity/auth/index.ts';
import { deleteVerificationLinksOf } from '../../identity/email-verification/index.ts';
import { AVATAR_URL_PREFIX, avatarKeyOf } from '../../identity/profile/index.ts';
import { eraseAndClose, lockOpenClient } from '../../identity/users/index.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteKycSubmissionsOf } from '../kyc/index.ts';
import { deleteMessagesOf } from '../messages/index.ts';
import {
  clientMatches,
  countClients,
  deletePersonalRecords,
  openItemsOf,
  pageClients,
  type TClientPageRow,
} from './clients.repository.ts';

/**
 * Client management of the admin back office: the clients list and search, Add client and Delete
 * client. Closed accounts are never listed.
 */

function toListItem({ key: _key, ...row }: TClientPageRow): TClientListItem {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

interface TPageQuery {
  page: number;
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * The totals of the client list and of the latest searches, counted at most every 5 seconds:
 * counting 100,000 clients costs far more than reading a page of them. Adding or closing a client
 * through this service forgets them at once; a sign-up, or a change made by another server
 * process, shows in the totals within that time.
 */
const clientCounts = new CountCache(5_000);

/**
 * One page of open client accounts (matching `match` when given), newest first, with the cursors of
 * the pages beside it (contracts/cursor.ts). A page by number that reaches the end knows the total
 * without counting (a search with a page of results or fewer never counts); any other page takes
 * the filter's count from `clientCounts`.
 */
async function answerPage(db: Db, query: TPageQuery, filter: string, match?: SQL): Promise<TClientList> {
  const at = pageStart(query);
  const { rows, more } = await pageClients(db, at, query.limit, match);
  let total: number;
  if ('offset' in at && !more && (rows.length > 0 || at.offset === 0)) {
    total = at.offset + rows.length;
    clientCounts.remember(db, filter, Promise.resolve(total));
  } else {
    total = await clientCounts.get(db, filter, () => countClients(db, match));
  }
  const first = rows[0];
  const last = rows.at(-1);
  // Read backwards (`before`), `more` says whether anything comes before the page; otherwise after it.
  const next = 'before' in at || more ? last : undefined;
  const prev = 'before' in at ? (more ? first : undefined) : 'after' in at || at.offset > 0 ? first : undefined;
  const cursor = (row: TClientPageRow | undefined) => (row ? encodeTimeIdCursor({ at: row.key, id: row.id }) : null);
  return {
    clients: rows.map(toListItem),
    totalPage: totalPages(total, query.limit),
    nextCursor: cursor(next),
    prevCursor: cursor(prev),
  };
}

/** One page of open client accounts, newest first. */
export function listClients(db: Db, query: TPageQuery): Promise<TClientList> {
  return answerPage(db, query, 'list');
}

/** One page of the open client accounts matching `search` (already trimmed and non-empty). */
export function searchClients(db: Db, query: TPageQuery & { search: string }): Promise<TClientList> {
  return answerPage(db, query, `search:${query.search}`, clientMatches(query.search));
}

/**
 * Add client: a Client with the password the admin set, through registration's own
 * code (same checks, argon2id hash, referral code), audited in the same transaction.
 */
export async function createClient(
  db: Db,
  auth: AuthService,
  actorId: string,
  input: TCreateClientInput,
): Promise<TUser> {
  const created = await db.transaction(async (tx) => {
    const user = await auth.register(input, tx);
    await recordAudit(tx, {
      actorId,
      action: 'client.create',
      targetUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      // Who was created is the target; the audit keeps no copy of their personal data or password.
      after: { type: user.type, isActive: user.isActive, isVerified: user.isVerified },
    });
    return user;
  });
  clientCounts.forget(db);
  return created;
}

export interface TCloseDeps {
  db: Db;
  /** Forgets the client's cached sessions once the account is closed. */
  auth: Pick<AuthService, 'forgetUser'>;
  files: FileStore;
  log: FastifyBaseLogger;
}

/**
 * Delete client = close the account (docs/deviations.md, "Deleting a client closes the account"):
 * refused while any balance is above zero, then while anything could still move money into or out
 * of the account (docs/money.md, "Closing an account"); otherwise, in ONE transaction with the
 * client row locked, the person can no longer sign in (every session
 * revoked, an unusable password hash), their personal data is erased and their messages, KYC
 * submissions, unlock requests, reset and verification links deleted. Ledger entries, transactions, deposits and
 * withdrawals are kept (they name the row by id only). Stored files go after the commit.
 */
export async function closeClient(
  { db, auth, files, log }: TCloseDeps,
  actorId: string,
  clientId: string,
): Promise<void> {
  // Hashed before the row is locked: argon2 takes a while and nobody will ever know this password.
  const unusableHash = await hashPassword(randomToken());
  const fileKeys = await db.transaction(async (tx) => {
    const client = await lockOpenClient(tx, clientId);
    if (!client) throw notFound();
    const held = client.balance + client.tradingBalance + client.profitBalance + client.bonus + client.withdrawalHold;
    if (
      client.balance > 0n ||
      client.tradingBalance > 0n ||
      client.profitBalance > 0n ||
      client.bonus > 0n ||
      client.withdrawalHold > 0n
    ) {
      throw new AppError('CONFLICT', 'clients.hasBalance', { amount: formatUsd(held) });
    }
    // Under the same lock. Opening any of these moves money out of a balance, which locks this
    // row too (the ledger), so none can start racing the close: it finds the balances at zero
    // after it. A deposit declared racing the close is the exception; completing it refuses a
    // closed account (deposits.service.ts).
    const open = await openItemsOf(tx, clientId);
    if (open.deposits + open.investments + open.positions + open.orders + open.signals > 0) {
      throw new AppError('CONFLICT', 'clients.hasOpenItems', { ...open });
    }
    const avatarKey = client.profile?.startsWith(AVATAR_URL_PREFIX)
      ? avatarKeyOf(client.profile.slice(AVATAR_URL_PREFIX.length))
      : undefined;
    await eraseAndClose(tx, clientId, unusableHash);
    await revokeAllFamiliesOfUser(tx, clientId, 'account closed');
    await deleteMessagesOf(tx, clientId);
    await deleteVerificationLinksOf(tx, clientId);
    const kycKeys = await deleteKycSubmissionsOf(tx, clientId);
    const keys = [...kycKeys, ...(await deletePersonalRecords(tx, clientId))];
    await recordAudit(tx, {
      actorId,
      action: 'client.close',
      targetUserId: clientId,
      entityType: 'user',
      entityId: clientId,
      before: {
        isActive: client.isActive,
        balance: 0,
        tradingBalance: 0,
        profitBalance: 0,
        bonus: 0,
        withdrawalHold: 0,
      },
      after: { closed: true, isActive: false, personalDataErased: true },
    });
    return avatarKey ? [...keys, avatarKey] : keys;
  });
  clientCounts.forget(db);
  auth.forgetUser(clientId);
  for (const key of fileKeys) {
    await files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'file cleanup after closing failed'));
  }
}
