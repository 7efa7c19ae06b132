import { getLedgerReport } from '@meridian/contracts/endpoints/ledger';
import type { FastifyPluginAsync } from 'fastify';
import { verifyLedger } from '../../ledger/verify.ts';
import { route } from '../route.ts';

/** The ledger check of the running server: `npm run ledger:verify` asks it while the server holds the database. */
export const ledgerAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getLedgerReport, () => verifyLedger(app.db));
};
