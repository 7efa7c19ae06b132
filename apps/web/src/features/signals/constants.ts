/**
 * While the list shows a signal past its closing time (the server settles it shortly after), it is
 * asked for again this often, so the signal leaves the list once settled.
 */
export const EXPIRED_SIGNALS_REFRESH_MS = 15_000;
/** The countdowns move once a second. */
export const COUNTDOWN_TICK_MS = 1_000;
