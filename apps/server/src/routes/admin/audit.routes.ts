import { ZAuditPage, ZAuditQuery, ZOutboxPage } from '@meridian/contracts/balances';
import { ZApiError } from '@meridian/contracts/errors';
import { totalPages, ZPageQuery } from '@meridian/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageAudit, type TAuditPerson } from '../../modules/audit/audit.repository.ts';
import { pageOutbox } from '../../modules/mail/outbox.repository.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const security = [{ bearerAuth: [] }];

const named = (p: TAuditPerson | null) =>
  p ? { id: p.id, name: `${p.firstname} ${p.lastname}`, email: p.email } : null;

/** What admins did (the audit log) and what the platform mailed (the outbox), for admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, optionally of one action and/or one client',
        security,
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...errors },
      },
    },
    async (request) => {
      const { page, limit, action, targetUserId } = request.query;
      const { rows, total } = await pageAudit(app.db, { action, targetUserId }, page, limit);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          action: r.action,
          actor: named(r.actor),
          target: named(r.target),
          entityType: r.entityType,
          entityId: r.entityId,
          before: r.before,
          after: r.after,
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
        })),
        totalPage: totalPages(total, limit),
      };
    },
  );

  app.get(
    '/admin/outbox',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags: ['audit'],
        summary: 'Mail the platform sent, newest first',
        security,
        querystring: ZPageQuery,
        response: { 200: ZOutboxPage, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await pageOutbox(app.db, page, limit);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          transport: m.transport,
          createdAt: m.createdAt.toISOString(),
        })),
        totalPage: totalPages(total, limit),
      };
    },
  );
};
