/** The client's deposit screens: waits. */

/** The Make Deposit dialog makes the client wait this long before Complete Deposit (5:00). */
export const DEPOSIT_WAIT_SECONDS = 300;
