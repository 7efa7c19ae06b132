import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { withdrawalAddresses } from '../../src/db/schema/security.ts';
import type { TSignedIn } from './factories.ts';

/**
 * The withdrawal address book for tests (docs/security.md, "Withdrawal address book"): saving
 * through the API as the web app does, and letting the delay pass by moving `active_from` into the
 * past in the database (nothing in the product can).
 */

export const saveAddress = (
  app: FastifyInstance,
  client: TSignedIn,
  body: { methodId: string; address: string; label?: string; lang?: string },
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: '/api/withdrawal-address', headers: client.headers, payload: body });

export const listAddresses = (app: FastifyInstance, as: TSignedIn, userId = as.id) =>
  app.inject({ method: 'GET', url: `/api/withdrawal-address/user/${userId}`, headers: as.headers });

export const removeAddress = (app: FastifyInstance, as: TSignedIn, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/withdrawal-address/${id}`, headers: as.headers });

/** Lets the delay of the user's live addresses pass (all of them, or the one `id`). */
export async function activateAddresses(app: FastifyInstance, userId: string, id?: string): Promise<void> {
  await app.db
    .update(withdrawalAddresses)
    .set({ activeFrom: sql`now() - interval '1 second'` })
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        isNull(withdrawalAddresses.removedAt),
        id ? eq(withdrawalAddresses.id, id) : undefined,
      ),
    );
}

/**
 * Makes `address` an active saved address of the method for the client: saved through the API when
 * it is not in their book yet, then its delay let pass. A refusal of the save (an address the method
 * does not take, an unknown method, an admin caller) is left for the withdrawal itself to answer.
 */
export async function ensureActiveAddress(
  app: FastifyInstance,
  client: TSignedIn,
  methodId: string,
  address: string,
): Promise<void> {
  const trimmed = address.trim();
  const [live] = await app.db
    .select({ id: withdrawalAddresses.id })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, client.id),
        eq(withdrawalAddresses.methodId, methodId),
        eq(withdrawalAddresses.address, trimmed),
        isNull(withdrawalAddresses.removedAt),
      ),
    )
    .limit(1);
  if (!live) {
    const res = await saveAddress(app, client, { methodId, address: trimmed });
    if (res.statusCode !== 201 && res.statusCode !== 409) return;
  }
  await activateAddresses(app, client.id);
}

/**
 * An active saved address straight in the database, for fixtures that withdraw through the service
 * (no session, no email).
 */
export async function insertActiveAddress(
  app: FastifyInstance,
  userId: string,
  methodId: string,
  address: string,
): Promise<void> {
  await app.db
    .insert(withdrawalAddresses)
    .values({ userId, methodId, address: address.trim(), activeFrom: sql`now() - interval '1 second'` })
    .onConflictDoNothing({
      target: [withdrawalAddresses.userId, withdrawalAddresses.methodId, withdrawalAddresses.address],
      where: sql`${withdrawalAddresses.removedAt} is null`,
    });
  await activateAddresses(app, userId);
}

/** Removes every live saved entry of `address`, whoever saved it (so saving it again is not a duplicate). */
export async function forgetAddress(app: FastifyInstance, address: string): Promise<void> {
  await app.db
    .update(withdrawalAddresses)
    .set({ removedAt: sql`now()` })
    .where(and(eq(withdrawalAddresses.address, address), isNull(withdrawalAddresses.removedAt)));
}

/** Puts the saved address `id` of the user in place, live again if it was removed. */
export async function placeAddress(
  app: FastifyInstance,
  values: { id: string; userId: string; methodId: string; address: string },
): Promise<void> {
  await app.db
    .insert(withdrawalAddresses)
    .values({ ...values, activeFrom: sql`now()` })
    .onConflictDoUpdate({ target: withdrawalAddresses.id, set: { removedAt: null } });
}
