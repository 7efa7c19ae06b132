/** The client's history screens: list sizes. */

/** The dashboard shows the first transactions of the history. */
export const RECENT_TRANSACTIONS = 5;
