/** Positions are fresh for 10 seconds (the positions cache of the client area). */
export const POSITIONS_CACHE_MS = 10_000;
/**
 * While a page shows an open position it is asked for again this often, so a position the server
 * closed (its expiration came, or its loss reached its margin) shows closed without a reload.
 */
export const OPEN_POSITIONS_REFRESH_MS = 10_000;
/** The dashboard lists the client's latest positions. */
export const LATEST_POSITIONS = 5;
