import { and, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { priceAlerts } from '../../../db/schema/trading.ts';

/** Every SQL statement of price alerts (docs/money.md, "Notices"). */

export type TAlertRow = typeof priceAlerts.$inferSelect;

/** A client's alerts, active first, then newest. */
export function alertsOf(db: DbOrTx, userId: string): Promise<TAlertRow[]> {
  return db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(sql`(${priceAlerts.status} = 'active') desc`, desc(priceAlerts.createdAt), desc(priceAlerts.id));
}

/**
 * Adds an alert unless the client already has `max` active ones, in one statement (the count and the
 * insert together); answers the row, or undefined when the limit stopped it.
 */
export async function insertAlertWithin(
  db: DbOrTx,
  values: { userId: string; pair: string; direction: 'above' | 'below'; price: number; repeat: boolean },
  max: number,
): Promise<TAlertRow | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${priceAlerts} (user_id, pair, direction, price, repeat)
    select ${values.userId}::uuid, ${values.pair}, ${values.direction}, ${values.price}::float8, ${values.repeat}
    where (select count(*) from ${priceAlerts} where user_id = ${values.userId}::uuid and status = 'active') < ${max}
    returning id`,
  );
  const id = rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
  return row;
}

/** Deletes one of the client's alerts; answers whether there was one. */
export async function deleteAlertOf(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Every active alert: what the monitor's index is built from. */
export function activeAlerts(db: DbOrTx): Promise<TAlertRow[]> {
  return db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
}

/** Holds one alert's row for this DB transaction (another server deciding on it waits). */
export async function lockAlert(tx: Tx, id: string): Promise<TAlertRow | undefined> {
  const [row] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, id)).for('update');
  return row;
}

/** Records a firing: a one-time alert is done, a repeating one waits to be re-armed. */
export async function markFired(tx: Tx, row: TAlertRow, price: number, at: Date): Promise<TAlertRow> {
  const [updated] = await tx
    .update(priceAlerts)
    .set({
      armed: false,
      status: row.repeat ? 'active' : 'triggered',
      triggerCount: sql`${priceAlerts.triggerCount} + 1`,
      lastTriggeredPrice: price,
      lastTriggeredAt: at,
    })
    .where(eq(priceAlerts.id, row.id))
    .returning();
  return updated ?? row;
}

/** A repeating alert may fire again. */
export async function markRearmed(tx: Tx, id: string): Promise<TAlertRow | undefined> {
  const [updated] = await tx.update(priceAlerts).set({ armed: true }).where(eq(priceAlerts.id, id)).returning();
  return updated;
}
