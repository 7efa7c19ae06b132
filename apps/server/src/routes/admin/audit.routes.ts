import { getAuditLog, getOutbox } from '@meridian/contracts/endpoints/audit';
import type { FastifyPluginAsync } from 'fastify';
import { pageAuditLog } from '../../modules/audit/audit.service.ts';
import { pageSentMail } from '../../modules/mail/outbox.service.ts';
import { route } from '../route.ts';

/** What admins did (the audit log) and what the platform mailed (the outbox). */
export const auditAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getAuditLog, (request) => pageAuditLog(app.db, request.query));
  route(app, getOutbox, (request) => pageSentMail(app.db, request.query));
};
