import { createStaff, getStaff, setStaffRole } from '@meridian/contracts/endpoints/staff';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as staff from '../../modules/identity/staff/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/** Staff: the back office's people, adding one with a role, changing a role (docs/security.md, "Staff roles"). */
export const staffAdminRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const deps = { db: app.db, auth };

  route(app, getStaff, async () => ({ staff: await staff.listStaff(app.db) }));

  route(app, createStaff, async (request) => ({
    message: messageText('staff.added'),
    member: await staff.createStaff(deps, callerOf(request), request.body),
  }));

  route(app, setStaffRole, async (request) => ({
    message: messageText('staff.roleChanged'),
    member: await staff.setStaffRole(deps, callerOf(request), request.params.userId, request.body),
  }));
};
