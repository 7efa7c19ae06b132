import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZLedgerReport } from '../ledger.ts';

/** The ledger check, for admins: what `npm run ledger:verify` prints, from the running server. */
const tag = 'ledger';

export const getLedgerReport = defineEndpoint({
  method: 'GET',
  path: '/admin/ledger/verify',
  tag,
  summary: 'Recompute every balance from the ledger entries and list each difference (cents)',
  response: ZLedgerReport,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});
