/** Client investing screens: waits. */

/** An invest dialog closes this long after success, then goes to /user (spec: 3 s). */
export const INVEST_SUCCESS_CLOSE_MS = 3000;
