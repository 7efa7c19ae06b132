import type { FastifyPluginAsync } from 'fastify';
import type { TRouteDeps } from '../route-deps.ts';
import { authPublicRoutes } from './auth.routes.ts';
import { contentPublicRoutes } from './content.routes.ts';
import { depositMethodsPublicRoutes } from './deposit-methods.routes.ts';
import { emailVerificationPublicRoutes } from './email-verification.routes.ts';
import { healthPublicRoutes } from './health.routes.ts';
import { marketPublicRoutes } from './market.routes.ts';
import { metricsPublicRoutes } from './metrics.routes.ts';
import { newsPublicRoutes } from './news.routes.ts';
import { passkeysPublicRoutes } from './passkeys.routes.ts';
import { plansPublicRoutes } from './plans.routes.ts';
import { profilePublicRoutes } from './profile.routes.ts';
import { recoveryPublicRoutes } from './recovery.routes.ts';
import { reservesPublicRoutes } from './reserves.routes.ts';
import { supportPublicRoutes } from './support.routes.ts';
import { twoFactorPublicRoutes } from './two-factor.routes.ts';

/** Routes anyone may call: no guard (routes/scopes.ts). */
export const publicScope: FastifyPluginAsync<TRouteDeps> = async (app, deps) => {
  await app.register(authPublicRoutes, deps);
  await app.register(contentPublicRoutes);
  await app.register(depositMethodsPublicRoutes);
  await app.register(emailVerificationPublicRoutes, deps);
  await app.register(healthPublicRoutes);
  await app.register(marketPublicRoutes);
  await app.register(metricsPublicRoutes);
  await app.register(newsPublicRoutes);
  await app.register(passkeysPublicRoutes, deps);
  await app.register(plansPublicRoutes);
  await app.register(profilePublicRoutes);
  await app.register(recoveryPublicRoutes, deps);
  await app.register(reservesPublicRoutes);
  await app.register(supportPublicRoutes);
  await app.register(twoFactorPublicRoutes, deps);
};
