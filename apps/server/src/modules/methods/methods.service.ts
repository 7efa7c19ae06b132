import type { TAuditAction } from '@meridian/contracts/balances';
import type { TDepositMethodInput, TWithdrawalMethodInput } from '@meridian/contracts/methods';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { centsOf } from '../../lib/money.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { toApiDepositMethod, toApiWithdrawalMethod } from './methods.mapper.ts';
import {
  insertDepositMethod,
  insertWithdrawalMethod,
  lockDepositMethod,
  lockWithdrawalMethod,
  softDeleteDepositMethod,
  softDeleteWithdrawalMethod,
  type TDepositMethodRow,
  type TWithdrawalMethodRow,
  updateDepositMethod,
  updateWithdrawalMethod,
} from './methods.repository.ts';

/**
 * Admin writes of deposit and withdrawal methods (spec 02 §5). Each write and its audit entry
 * (with the method before and after) commit together. Deleting only hides a method: the history of
 * transactions that used it keeps its name and address.
 */

export const methodNotFound = () => AppError.of('NOT_FOUND', 'errors.methodNotFound', 404);

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

export function createDepositMethod(db: Db, actorId: string, input: TDepositMethodInput): Promise<TDepositMethodRow> {
  return db.transaction(async (tx) => {
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
}

export function updateDepositMethodById(
  db: Db,
  actorId: string,
  id: string,
  input: TDepositMethodInput,
): Promise<TDepositMethodRow> {
  return db.transaction(async (tx) => {
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
}

export function deleteDepositMethod(db: Db, actorId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
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

export function createWithdrawalMethod(
  db: Db,
  actorId: string,
  input: TWithdrawalMethodInput,
): Promise<TWithdrawalMethodRow> {
  return db.transaction(async (tx) => {
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
}

export function updateWithdrawalMethodById(
  db: Db,
  actorId: string,
  id: string,
  input: TWithdrawalMethodInput,
): Promise<TWithdrawalMethodRow> {
  return db.transaction(async (tx) => {
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
}

export function deleteWithdrawalMethod(db: Db, actorId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
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
