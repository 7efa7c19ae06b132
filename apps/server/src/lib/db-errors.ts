/**
 * The constraint name when `err` is a unique violation (SQLSTATE 23505), else undefined. Drizzle
 * wraps driver errors, and PGlite and node-postgres shape them alike, so look at the cause too.
 */
export function isUniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  }
  return undefined;
}

/**
 * SQLSTATEs that say the database cannot be reached or is going away, not that the statement was
 * wrong: class 08 (connection exception), 57P01–57P03 (shut down by an operator or a crash, or
 * starting up), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** The system's errors of a connection that could not be made or broke. */
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a lost or unobtainable connection with these messages and no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
];

/**
 * Whether `err` means the database is out of reach (stopped, restarting, failed over, the network
 * cut) rather than that a statement failed: the request may well succeed in a moment, so it is
 * answered 503 with a retry hint instead of 500 (docs/operations.md, "Health"). Drizzle wraps driver
 * errors, so the causes are looked at too.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
    // A host with several addresses, each refused, fails with an AggregateError of them.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
