import { getReserveProof, getReserveSnapshots } from '@meridian/contracts/endpoints/reserves';
import type { FastifyPluginAsync } from 'fastify';
import * as reserves from '../../modules/money/reserves/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * Proof of reserves for clients (docs/money.md, "Proof of reserves"): the published snapshots, and
 * the caller's own leaf and proof, never another client's (the caller's id, not a parameter, names it).
 */
export const reservesClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getReserveSnapshots, async () => ({ snapshots: await reserves.publishedSnapshots(app.db) }));
  route(app, getReserveProof, (request) => reserves.proofOf(app.db, callerOf(request).id, request.query.snapshot), {
    config: { callers: ['Client'] },
  });
};
