import type { FastifyPluginAsync } from 'fastify';
import type { TRouteDeps } from '../scopes.ts';
import { adjustmentsAdminRoutes } from './adjustments.routes.ts';
import { auditAdminRoutes } from './audit.routes.ts';
import { clientActionsAdminRoutes } from './client-actions.routes.ts';
import { clientsAdminRoutes } from './clients.routes.ts';
import { depositMethodsAdminRoutes } from './deposit-methods.routes.ts';
import { depositsAdminRoutes } from './deposits.routes.ts';
import { investmentsAdminRoutes } from './investments.routes.ts';
import { kycAdminRoutes } from './kyc.routes.ts';
import { ledgerAdminRoutes } from './ledger.routes.ts';
import { messagesAdminRoutes } from './messages.routes.ts';
import { profileAdminRoutes } from './profile.routes.ts';
import { recoveryAdminRoutes } from './recovery.routes.ts';
import { supportAdminRoutes } from './support.routes.ts';
import { transactionsAdminRoutes } from './transactions.routes.ts';
import { withdrawalMethodsAdminRoutes } from './withdrawal-methods.routes.ts';
import { withdrawalsAdminRoutes } from './withdrawals.routes.ts';

/** Routes of the back office: routes/scopes.ts applies the admin guard once. */
export const adminScope: FastifyPluginAsync<TRouteDeps> = async (app, deps) => {
  await app.register(adjustmentsAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(clientActionsAdminRoutes);
  await app.register(clientsAdminRoutes, deps);
  await app.register(depositMethodsAdminRoutes);
  await app.register(depositsAdminRoutes);
  await app.register(investmentsAdminRoutes);
  await app.register(kycAdminRoutes);
  await app.register(ledgerAdminRoutes);
  await app.register(messagesAdminRoutes);
  await app.register(profileAdminRoutes);
  await app.register(recoveryAdminRoutes);
  await app.register(supportAdminRoutes);
  await app.register(transactionsAdminRoutes);
  await app.register(withdrawalMethodsAdminRoutes);
  await app.register(withdrawalsAdminRoutes);
};
