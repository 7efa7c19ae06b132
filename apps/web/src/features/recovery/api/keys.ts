/** The admin's cached list of pending unlock and recovery requests. */
export const unlockRequestsKey = () => ['admin', 'unlockRequests'] as const;
