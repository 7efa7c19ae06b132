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
