import type { TJobStatus } from '@meridian/contracts/health';

/** A job's status as the runner reports it before its first run: enabled, idle, nothing counted yet. */
export function jobStatusBeforeFirstRun(
  overrides: Partial<TJobStatus> & Pick<TJobStatus, 'name' | 'intervalMs'>,
): TJobStatus {
  return {
    enabled: true,
    running: false,
    // No last run yet…
    lastRunAt: null,
    lastProcessed: 0,
    lastError: null,
    lagMs: 0,
    // …and nothing counted.
    runs: 0,
    failedRuns: 0,
    totalProcessed: 0,
    ...overrides,
  };
}
