import {
  createWithdrawalMethod,
  deleteWithdrawalMethod,
  updateWithdrawalMethod,
} from '@meridian/contracts/endpoints/methods';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as methods from '../../modules/money/methods/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The admin's withdrawal methods: create, update, delete (each in the audit log). */
export const withdrawalMethodsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, createWithdrawalMethod, async (request) => ({
    message: messageText('methods.withdrawalMethodCreated'),
    withdrawalMethod: await methods.createWithdrawalMethod(app.db, callerOf(request).id, request.body),
  }));
  route(app, updateWithdrawalMethod, async (request) => ({
    message: messageText('methods.withdrawalMethodUpdated'),
    withdrawalMethod: await methods.updateWithdrawalMethodById(app.db, callerOf(request).id, request.body),
  }));
  route(app, deleteWithdrawalMethod, async (request) => {
    await methods.deleteWithdrawalMethod(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('methods.withdrawalMethodDeleted') };
  });
};
