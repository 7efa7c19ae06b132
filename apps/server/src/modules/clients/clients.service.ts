import type { TUser } from '@meridian/contracts/auth';
import type { TClientList, TClientListItem, TCreateClientInput } from '@meridian/contracts/clients';
import { formatUsd } from '@meridian/contracts/money';
import { totalPages } from '@meridian/contracts/pagination';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/random.ts';
import type { FileStore } from '../../providers/files/interface.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { revokeAllFamiliesOfUser } from '../auth/sessions.repository.ts';
import { deleteKycSubmissionsOf } from '../kyc/kyc.repository.ts';
import { deleteMessagesOf } from '../messages/messages.repository.ts';
import { AVATAR_URL_PREFIX, avatarKeyOf } from '../profile/profile.service.ts';
import {
  clientMatches,
  deletePersonalRecords,
  eraseAndClose,
  lockOpenClientForClose,
  pageClients,
  pageMatchingClients,
  type TClientListRow,
} from './clients.repository.ts';

/**
 * Client management of the admin back office: the clients list and search, Add client and Delete
 * client. Closed accounts are never listed.
 */

function toListItem(row: TClientListRow): TClientListItem {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** One page of open client accounts, newest first. */
export async function listClients(db: Db, query: { page: number; limit: number }): Promise<TClientList> {
  const { rows, total } = await pageClients(db, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return { clients: rows.map(toListItem), totalPage: totalPages(total, query.limit) };
}

/** One page of the open client accounts matching `search` (already trimmed and non-empty). */
export async function searchClients(
  db: Db,
  query: { search: string; page: number; limit: number },
): Promise<TClientList> {
  const { rows, total } = await pageMatchingClients(
    db,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
    clientMatches(query.search),
  );
  return { clients: rows.map(toListItem), totalPage: totalPages(total, query.limit) };
}

/**
 * Add client: a Client with the password the admin set, through registration's own
 * code (same checks, argon2id hash, referral code), audited in the same transaction.
 */
export function createClient(db: Db, auth: AuthService, actorId: string, input: TCreateClientInput): Promise<TUser> {
  return db.transaction(async (tx) => {
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
 * refused while any balance is above zero; otherwise, in ONE transaction with the client row
 * locked, the person can no longer sign in (every session
 * revoked, an unusable password hash), their personal data is erased and their messages, KYC
 * submissions, unlock requests and reset links deleted. Ledger entries, transactions, deposits and
 * withdrawals are kept (they name the row by id only). Stored files go after the commit.
 */
export async function closeClient({ db, auth, files, log }: TCloseDeps, actorId: string, clientId: string): Promise<void> {
  // Hashed before the row is locked: argon2 takes a while and nobody will ever know this password.
  const unusableHash = await hashPassword(randomToken());
  const fileKeys = await db.transaction(async (tx) => {
    const client = await lockOpenClientForClose(tx, clientId);
    if (!client) throw notFound();
    const held = client.balance + client.tradingBalance + client.profitBalance + client.bonus + client.withdrawalHold;
    if (
      client.balance > 0n ||
      client.tradingBalance > 0n ||
      client.profitBalance > 0n ||
      client.bonus > 0n ||
      client.withdrawalHold > 0n
    ) {
      throw new AppError('CONFLICT', 'clients.hasBalance', 409, { amount: formatUsd(held) });
    }
    const avatarKey = client.profile?.startsWith(AVATAR_URL_PREFIX)
      ? avatarKeyOf(client.profile.slice(AVATAR_URL_PREFIX.length))
      : undefined;
    await eraseAndClose(tx, clientId, unusableHash);
    await revokeAllFamiliesOfUser(tx, clientId, 'account closed');
    await deleteMessagesOf(tx, clientId);
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
  auth.forgetUser(clientId);
  for (const key of fileKeys) {
    await files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'file cleanup after closing failed'));
  }
}
