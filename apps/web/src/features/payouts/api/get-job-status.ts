import { getHealth } from '@meridian/contracts/endpoints/health';
import type { TJobStatus } from '@meridian/contracts/health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The scheduled job that pays due payouts (apps/server/src/jobs), as GET /api/health reports it. */
export function payoutJobOf(jobs: readonly TJobStatus[]): TJobStatus | null {
  return jobs.find((job) => /payout/i.test(job.name)) ?? null;
}

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => call(getHealth, {}, { signal, auth: false }),
    refetchInterval: 60_000,
  });

/** Whether this server pays due payouts on its own, and when it last ran; null while unknown. */
export function usePayoutJob() {
  return useQuery({ ...getHealthQueryOptions(), select: (health) => payoutJobOf(health.jobs) });
}
