/**
 * Runs `work` (one DB transaction) again when the database breaks a deadlock by failing it. The
 * paths that settle rows in bulk (closes, fills) lock their own rows first and then the clients in
 * id order, so they cannot deadlock one another; another flow may still meet one.
 */
export async function withDeadlockRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
      const deadlock = code(err) === '40P01' || code((err as { cause?: unknown } | undefined)?.cause) === '40P01';
      if (attempt >= attempts || !deadlock) throw err;
    }
  }
}
