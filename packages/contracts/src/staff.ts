import { z } from 'zod';
import { ZEmail, ZNewPassword } from './auth.ts';
import { STAFF_ROLES } from './constants.ts';
import { requiredText } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { ZSecondFactorCode } from './two-factor.ts';

/** A staff member as the Staff page lists them. */
export const ZStaffMember = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  isActive: z.boolean(),
  /** Their second factor is on (a new staff member turns it on at their first sign-in). */
  secondFactor: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffList = z.object({ staff: z.array(ZStaffMember) });
export type TStaffList = z.infer<typeof ZStaffList>;

const ZRole = z.enum(STAFF_ROLES, { error: 'staff.roleRequired' satisfies TMessageKey });

/**
 * Each change of staff carries the asking Admin's current authenticator code (or a recovery code),
 * re-checked by the server before anything changes.
 */
export const ZStaffRoleInput = z.strictObject({ role: ZRole, code: ZSecondFactorCode });
export type TStaffRoleInput = z.input<typeof ZStaffRoleInput>;

export const ZCreateStaffInput = z.strictObject({
  firstname: requiredText('clients.firstnameRequired', 64),
  lastname: requiredText('clients.lastnameRequired', 64),
  email: ZEmail,
  password: ZNewPassword,
  role: ZRole,
  code: ZSecondFactorCode,
});
export type TCreateStaffInput = z.input<typeof ZCreateStaffInput>;

export const ZStaffAnswer = z.object({ message: z.string(), member: ZStaffMember });
export type TStaffAnswer = z.infer<typeof ZStaffAnswer>;
