import { createDepositMethod, deleteDepositMethod, updateDepositMethod } from '@meridian/contracts/endpoints/methods';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as methods from '../../modules/money/methods/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The admin's deposit methods: create, update, delete (each in the audit log). */
export const depositMethodsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, createDepositMethod, async (request) => ({
    message: messageText('methods.depositMethodCreated'),
    depositMethod: await methods.createDepositMethod(app.db, callerOf(request).id, request.body),
  }));
  route(app, updateDepositMethod, async (request) => ({
    message: messageText('methods.depositMethodUpdated'),
    depositMethod: await methods.updateDepositMethodById(app.db, callerOf(request).id, request.body),
  }));
  route(app, deleteDepositMethod, async (request) => {
    await methods.deleteDepositMethod(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('methods.depositMethodDeleted') };
  });
};
