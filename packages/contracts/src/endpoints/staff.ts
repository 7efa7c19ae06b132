import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZCreateStaffInput, ZStaffAnswer, ZStaffList, ZStaffRoleInput } from '../staff.ts';

/**
 * Staff: the back office's people and their roles (docs/security.md, "Staff roles"). Only an Admin
 * manages them, and each change is re-checked with the Admin's own second factor and audited.
 */
const tag = 'staff';

export const getStaff = defineEndpoint({
  method: 'GET',
  path: '/staff',
  tag,
  summary: 'Every staff member with their role, Admins first',
  response: ZStaffList,
  errors: COMMON_ERRORS,
  permission: 'staff.manage',
});

export const createStaff = defineEndpoint({
  method: 'POST',
  path: '/staff',
  tag,
  summary: 'Add a staff member with a role (the asking Admin’s authenticator code re-checked)',
  body: ZCreateStaffInput,
  response: ZStaffAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 409, 423],
  permission: 'staff.manage',
});

export const setStaffRole = defineEndpoint({
  method: 'PUT',
  path: '/staff/role/:userId',
  tag,
  summary: 'Change a staff member’s role (the asking Admin’s authenticator code re-checked; never one’s own)',
  params: ZUserIdParams,
  body: ZStaffRoleInput,
  response: ZStaffAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 423],
  permission: 'staff.manage',
});
