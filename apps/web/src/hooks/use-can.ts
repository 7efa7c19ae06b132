import type { TStaffRole } from '@meridian/contracts/constants';
import { can, type TPermission } from '@meridian/contracts/staff-terms';
import { useSession } from '@/lib/session';

/** The signed-in staff member's role; null for anyone else (docs/security.md, "Staff roles"). */
export function useStaffRole(): TStaffRole | null {
  return useSession()?.user.staffRole ?? null;
}

/**
 * Whether the signed-in staff member's role allows `permission` (contracts/staff.ts, the table the
 * server's guards read too). The back office hides what this refuses rather than offering a button
 * the server would answer with 403. No permission named: nothing to check, so yes.
 */
export function useCan(permission: TPermission | undefined): boolean {
  const role = useStaffRole();
  return permission === undefined || can(role, permission);
}
