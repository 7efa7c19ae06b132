/** Query keys of KYC. The admin's lists live under 'admin' so an admin action refreshes them all. */
export const kycKeys = {
  status: (userId: string) => ['kyc', 'status', userId] as const,
  adminAll: () => ['admin', 'kyc'] as const,
  list: (scope: 'pending' | 'all', page: number, status: string) => ['admin', 'kyc', scope, page, status] as const,
  detail: (kycId: string) => ['admin', 'kyc', 'detail', kycId] as const,
};
