import type { TStaffRole, TUserType } from '@meridian/contracts/constants';

/**
 * The signed-in caller, as the auth plugin puts it on the request. A type of its own, below every
 * module: most services take it, and none of them needs the sign-in code that produces it.
 */
export interface TCaller {
  id: string;
  type: TUserType;
  /** A staff member's role (type Admin only): what the back office lets them do (contracts/staff.ts). */
  staffRole?: TStaffRole;
  sessionId: string;
  /**
   * The session was proven with a passkey or a second factor. An admin needs such a session for
   * anything but enrolment (docs/security.md, "Two-factor sign-in"). Absent counts as not proven.
   */
  strong?: boolean;
  /**
   * The user's email address is verified. A client without it is refused the routes that move money
   * (`verifiedEmail`, plugins/auth.ts; docs/security.md, "Email verification"). Absent counts as not verified.
   */
  emailVerified?: boolean;
}
