import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { withdrawalMethods } from '../../../db/schema/money.ts';
import { withdrawalAddresses } from '../../../db/schema/security.ts';
import { users } from '../../../db/schema/users.ts';

/** A saved address with its method's name, and whether it is active by the database's clock. */
export interface TAddressRow {
  id: string;
  methodId: string;
  methodName: string;
  address: string;
  label: string;
  createdAt: Date;
  activeFrom: Date;
  active: boolean;
}

const addressColumns = {
  id: withdrawalAddresses.id,
  methodId: withdrawalAddresses.methodId,
  methodName: withdrawalMethods.name,
  address: withdrawalAddresses.address,
  label: withdrawalAddresses.label,
  createdAt: withdrawalAddresses.createdAt,
  activeFrom: withdrawalAddresses.activeFrom,
  active: sql<boolean>`${withdrawalAddresses.activeFrom} <= now()`,
};

/** A user's live addresses of live methods, newest first. */
export async function listLiveAddresses(db: DbOrTx, userId: string): Promise<TAddressRow[]> {
  return db
    .select(addressColumns)
    .from(withdrawalAddresses)
    .innerJoin(withdrawalMethods, eq(withdrawalMethods.id, withdrawalAddresses.methodId))
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        isNull(withdrawalAddresses.removedAt),
        isNull(withdrawalMethods.deletedAt),
      ),
    )
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
}

/** Who the address book belongs to: a user's type and email. */
export async function findOwner(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, type: users.type, email: users.email, firstname: users.firstname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Saves an address, active `delaySeconds` after now (the database's clock). Undefined when the
 * user already has it live for that method (the partial unique index; nothing is written).
 */
export async function insertAddress(
  tx: Tx,
  values: { userId: string; methodId: string; address: string; label: string; delaySeconds: number },
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .insert(withdrawalAddresses)
    .values({
      userId: values.userId,
      methodId: values.methodId,
      address: values.address,
      label: values.label,
      activeFrom: sql`now() + ${values.delaySeconds}::double precision * interval '1 second'`,
    })
    .onConflictDoNothing({
      target: [withdrawalAddresses.userId, withdrawalAddresses.methodId, withdrawalAddresses.address],
      where: sql`${withdrawalAddresses.removedAt} is null`,
    })
    .returning({ id: withdrawalAddresses.id });
  return row;
}

export async function findAddress(db: DbOrTx, id: string): Promise<TAddressRow | undefined> {
  const [row] = await db
    .select(addressColumns)
    .from(withdrawalAddresses)
    .innerJoin(withdrawalMethods, eq(withdrawalMethods.id, withdrawalAddresses.methodId))
    .where(eq(withdrawalAddresses.id, id))
    .limit(1);
  return row;
}

/** Removes one of the user's live addresses now; false when they have no such live address. */
export async function markAddressRemoved(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(withdrawalAddresses)
    .set({ removedAt: sql`now()` })
    .where(
      and(
        eq(withdrawalAddresses.id, id),
        eq(withdrawalAddresses.userId, userId),
        isNull(withdrawalAddresses.removedAt),
      ),
    )
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

/**
 * The user's live saved entry of `address` for a method, locked FOR SHARE until the caller's
 * transaction ends: a removal (an UPDATE of the row) waits for a withdrawal that read it, and a
 * withdrawal that comes after a committed removal finds nothing.
 */
export async function lockLiveAddress(
  tx: Tx,
  userId: string,
  methodId: string,
  address: string,
): Promise<{ id: string; activeFrom: Date; active: boolean } | undefined> {
  const [row] = await tx
    .select({
      id: withdrawalAddresses.id,
      activeFrom: withdrawalAddresses.activeFrom,
      active: sql<boolean>`${withdrawalAddresses.activeFrom} <= now()`,
    })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.methodId, methodId),
        eq(withdrawalAddresses.address, address),
        isNull(withdrawalAddresses.removedAt),
      ),
    )
    .limit(1)
    .for('share');
  return row;
}
