import type { FastifyInstance } from 'fastify';
import type { users } from '../../src/db/schema/users.ts';
import type { TCallerName, TOwner, TRouteContext, TStaffCallerName } from '../route-table.ts';
import { createUser } from './factories.ts';
import { createRouteFixtures } from './route-fixtures.ts';

export type TRouteAccounts = Record<Exclude<TCallerName, 'anonymous'> | TStaffCallerName, TOwner>;

/**
 * The accounts `route-table.ts` calls as, and the context its rows build paths and bodies from:
 * client A owns the records; `owner` overrides client A's row.
 */
export async function createRouteCallers(
  app: FastifyInstance,
  owner: Partial<typeof users.$inferInsert> = {},
): Promise<{ accounts: TRouteAccounts; ctx: TRouteContext }> {
  const [clientA, clientB, agent, admin, support, finance] = await Promise.all([
    createUser(app, 'Client', owner),
    createUser(app, 'Client'),
    createUser(app, 'Agent'),
    createUser(app, 'Admin'),
    createUser(app, 'Admin', { staffRole: 'Support' }),
    createUser(app, 'Admin', { staffRole: 'Finance' }),
  ]);
  const ctx = { owner: clientA, admin, fixtures: await createRouteFixtures(app, clientA.id) };
  return { accounts: { clientA, clientB, agent, admin, support, finance }, ctx };
}
