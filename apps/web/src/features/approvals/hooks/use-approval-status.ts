import { APPROVAL_STATUSES, type TApprovalStatus } from '@meridian/contracts/approvals';
import { useSearchParams } from 'react-router';

/** The status a `status` parameter names; anything else is Pending, the queue itself. */
export function parseApprovalStatus(value: string | null): TApprovalStatus {
  return (APPROVAL_STATUSES as readonly (string | null)[]).includes(value) ? (value as TApprovalStatus) : 'Pending';
}

/**
 * Which approvals the page shows, kept in the address (`?status=Approved`, set by the tabs) so Back,
 * reload and a shared link return to them.
 */
export function useApprovalStatus(): TApprovalStatus {
  const [params] = useSearchParams();
  return parseApprovalStatus(params.get('status'));
}
