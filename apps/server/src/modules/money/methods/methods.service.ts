import type { TAuditAction } from '@meridian/contracts/balances';
import type {
  TDepositMethod,
  TDepositMethodInput,
  TDepositMethodList,
  TDepositMethodQr,
  TDepositMethodUpdate,
  TWithdrawalMethod,
  TWithdrawalMethodInput,
  TWithdrawalMethodList,
  TWithdrawalMethodUpdate,
} from '@meridian/contracts/methods';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { centsOf } from '../../../lib/money.ts';
import { qrCodeDataUrl } from '../../../lib/qr-code.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { toApiDepositMethod, toApiWithdrawalMethod } from './methods.mapper.ts';
import {
  findDepositMethod,
  findWithdrawalMethod,
  insertDepositMethod,
  insertWithdrawalMethod,
  listDepositMethods,
  listWithdrawalMethods,
  lockDepositMethod,
  lockWithdrawalMethod,
  softDeleteDepositMethod,
  softDeleteWithdrawalMethod,
  updateDepositMethod,
  updateWithdrawalMethod,
} from './methods.repository.ts';

/**
 * Deposit and withdrawal methods: the live ones anyone (deposit) or any signed-in user (withdrawal)
 * reads, and the admin's writes. Each write and its audit entry
 * (with the method before and after) commit together. Deleting only hides a method: the history of
 * transactions that used it keeps its name and address.
 */

export const methodNotFound = () => new AppError('NOT_FOUND', 'errors.methodNotFound');

const depositFields = (input: TDepositMethodInput) => ({
  name: input.name,
  value: input.value,
  description: input.description,
  minAmount: centsOf(input.minAmount),
  maxAmount: centsOf(input.maxAmount),
});

const withdrawalFields = (input: TWithdrawalMethodInput) => ({
  name: input.name,
  description: input.description,
  minAmount: centsOf(input.minAmount),
  maxAmount: centsOf(input.maxAmount),
});

// --- deposit methods ------------------------------------------------------------------------------

/** The live deposit methods, newest first. */
export async function readDepositMethods(db: Db): Promise<TDepositMethodList> {
  return { depositMethods: (await listDepositMethods(db)).map(toApiDepositMethod) };
}

export async function readDepositMethod(db: Db, id: string): Promise<TDepositMethod> {
  const row = await findDepositMethod(db, id);
  if (!row) throw methodNotFound();
  return toApiDepositMethod(row);
}

/** The QR code of a live deposit method's address, for a phone wallet to scan. */
export async function readDepositMethodQr(db: Db, id: string): Promise<TDepositMethodQr> {
  const row = await findDepositMethod(db, id);
  if (!row) throw methodNotFound();
  return { value: row.value, qrCode: await qrCodeDataUrl(row.value) };
}

export async function createDepositMethod(
  db: Db,
  actorId: string,
  input: TDepositMethodInput,
): Promise<TDepositMethod> {
  const row = await db.transaction(async (tx) => {
    const row = await insertDepositMethod(tx, depositFields(input));
    await recordAudit(tx, {
      actorId,
      action: 'depositMethod.create' satisfies TAuditAction,
      entityType: 'depositMethod',
      entityId: row.id,
      after: toApiDepositMethod(row),
    });
    return row;
  });
  return toApiDepositMethod(row);
}

/** Updates the method the body names by its `id`. */
export async function updateDepositMethodById(
  db: Db,
  actorId: string,
  { id, ...input }: TDepositMethodUpdate,
): Promise<TDepositMethod> {
  const row = await db.transaction(async (tx) => {
    const before = await lockDepositMethod(tx, id);
    if (!before) throw methodNotFound();
    const row = await updateDepositMethod(tx, id, depositFields(input));
    await recordAudit(tx, {
      actorId,
      action: 'depositMethod.update' satisfies TAuditAction,
      entityType: 'depositMethod',
      entityId: id,
      before: toApiDepositMethod(before),
      after: toApiDepositMethod(row),
    });
    return row;
  });
  return toApiDepositMethod(row);
}

export async function deleteDepositMethod(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDepositMethod(tx, id);
    if (!before) throw methodNotFound();
    await softDeleteDepositMethod(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'depositMethod.delete' satisfies TAuditAction,
      entityType: 'depositMethod',
      entityId: id,
      before: toApiDepositMethod(before),
    });
  });
}

// --- withdrawal methods ---------------------------------------------------------------------------

/** The live withdrawal methods, newest first. */
export async function readWithdrawalMethods(db: Db): Promise<TWithdrawalMethodList> {
  return { withdrawalMethods: (await listWithdrawalMethods(db)).map(toApiWithdrawalMethod) };
}

export async function readWithdrawalMethod(db: Db, id: string): Promise<TWithdrawalMethod> {
  const row = await findWithdrawalMethod(db, id);
  if (!row) throw methodNotFound();
  return toApiWithdrawalMethod(row);
}

export async function createWithdrawalMethod(
  db: Db,
  actorId: string,
  input: TWithdrawalMethodInput,
): Promise<TWithdrawalMethod> {
  const row = await db.transaction(async (tx) => {
    const row = await insertWithdrawalMethod(tx, withdrawalFields(input));
    await recordAudit(tx, {
      actorId,
      action: 'withdrawalMethod.create' satisfies TAuditAction,
      entityType: 'withdrawalMethod',
      entityId: row.id,
      after: toApiWithdrawalMethod(row),
    });
    return row;
  });
  return toApiWithdrawalMethod(row);
}

/** Updates the method the body names by its `id`. */
export async function updateWithdrawalMethodById(
  db: Db,
  actorId: string,
  { id, ...input }: TWithdrawalMethodUpdate,
): Promise<TWithdrawalMethod> {
  const row = await db.transaction(async (tx) => {
    const before = await lockWithdrawalMethod(tx, id);
    if (!before) throw methodNotFound();
    const row = await updateWithdrawalMethod(tx, id, withdrawalFields(input));
    await recordAudit(tx, {
      actorId,
      action: 'withdrawalMethod.update' satisfies TAuditAction,
      entityType: 'withdrawalMethod',
      entityId: id,
      before: toApiWithdrawalMethod(before),
      after: toApiWithdrawalMethod(row),
    });
    return row;
  });
  return toApiWithdrawalMethod(row);
}

export async function deleteWithdrawalMethod(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockWithdrawalMethod(tx, id);
    if (!before) throw methodNotFound();
    await softDeleteWithdrawalMethod(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'withdrawalMethod.delete' satisfies TAuditAction,
      entityType: 'withdrawalMethod',
      entityId: id,
      before: toApiWithdrawalMethod(before),
    });
  });
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export { findDepositMethod, findWithdrawalMethod } from './methods.repository.ts';
