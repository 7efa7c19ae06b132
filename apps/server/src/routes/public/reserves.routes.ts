import { getPublicReserves } from '@meridian/contracts/endpoints/reserves';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import * as reserves from '../../modules/money/reserves/index.ts';
import { route } from '../route.ts';

/**
 * The latest proof-of-reserves root and totals, for anyone (docs/money.md, "Proof of reserves"):
 * nothing of any client. `RESERVES_PUBLIC=false` hides it (404).
 */
export const reservesPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPublicReserves, () => {
    if (!app.config.RESERVES_PUBLIC) throw notFound();
    return reserves.latestSummary(app.db);
  });
};
