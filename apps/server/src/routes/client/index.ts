import type { FastifyPluginAsync } from 'fastify';
import type { TRouteDeps } from '../scopes.ts';
import { authClientRoutes } from './auth.routes.ts';
import { balancesClientRoutes } from './balances.routes.ts';
import { clientActionsClientRoutes } from './client-actions.routes.ts';
import { depositsClientRoutes } from './deposits.routes.ts';
import { investmentsClientRoutes } from './investments.routes.ts';
import { kycClientRoutes } from './kyc.routes.ts';
import { messagesClientRoutes } from './messages.routes.ts';
import { payoutsClientRoutes } from './payouts.routes.ts';
import { plansClientRoutes } from './plans.routes.ts';
import { positionsClientRoutes } from './positions.routes.ts';
import { profileClientRoutes } from './profile.routes.ts';
import { signalsClientRoutes } from './signals.routes.ts';
import { transactionsClientRoutes } from './transactions.routes.ts';
import { upgradesClientRoutes } from './upgrades.routes.ts';
import { withdrawalMethodsClientRoutes } from './withdrawal-methods.routes.ts';
import { withdrawalsClientRoutes } from './withdrawals.routes.ts';

/** Routes of a signed-in client (or an admin): routes/scopes.ts applies the client guard once. */
export const clientScope: FastifyPluginAsync<TRouteDeps> = async (app, deps) => {
  await app.register(authClientRoutes, deps);
  await app.register(balancesClientRoutes);
  await app.register(clientActionsClientRoutes);
  await app.register(depositsClientRoutes);
  await app.register(investmentsClientRoutes);
  await app.register(kycClientRoutes);
  await app.register(messagesClientRoutes);
  await app.register(payoutsClientRoutes);
  await app.register(plansClientRoutes);
  await app.register(positionsClientRoutes);
  await app.register(profileClientRoutes);
  await app.register(signalsClientRoutes);
  await app.register(transactionsClientRoutes);
  await app.register(upgradesClientRoutes);
  await app.register(withdrawalMethodsClientRoutes);
  await app.register(withdrawalsClientRoutes);
};
