import { getAuditLog, getOutbox, resendMail } from '@meridian/contracts/endpoints/audit';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { pageAuditLog } from '../../modules/back-office/audit/index.ts';
import { pageSentMail, resendMail as resend } from '../../modules/platform/mail/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** What admins did (the audit log) and what the platform mailed (the outbox, where a failed mail is resent). */
export const auditAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getAuditLog, (request) => pageAuditLog(app.db, request.query));
  route(app, getOutbox, (request) => pageSentMail(app.db, request.query));
  route(app, resendMail, async (request) => ({
    message: messageText('mail.resent'),
    mail: await resend(app.db, app.mail, callerOf(request).id, request.params.id),
  }));
};
