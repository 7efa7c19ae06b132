/** Client money screens: waits and list sizes. */

/** The Make Deposit dialog makes the client wait this long before Complete Deposit (5:00). */
export const DEPOSIT_WAIT_SECONDS = 300;
/** Deposit and withdrawal dialogs close this long after success, then go to /user. */
export const SUCCESS_CLOSE_MS = 3000;
/** The dashboard shows the first transactions of the history. */
export const RECENT_TRANSACTIONS = 5;
