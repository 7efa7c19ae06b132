/**
 * The query keys of proof of reserves (GET /admin/reserves, /reserves/snapshots, /reserves/proof,
 * /public/reserves): one family, so a snapshot taken refreshes every view of it.
 */
export const reserveKeys = {
  all: () => ['reserves'] as const,
  overview: () => ['reserves', 'overview'] as const,
  snapshots: () => ['reserves', 'snapshots'] as const,
  proof: (snapshotId: string | undefined) => ['reserves', 'proof', snapshotId ?? 'latest'] as const,
  public: () => ['reserves', 'public'] as const,
};
