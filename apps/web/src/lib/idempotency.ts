import { ApiError } from './api-client';

/**
 * The Idempotency-Key of a money-moving form (docs/money.md). A submission keeps its key until the server
 * gives a final answer, so a double click or a retry after a lost connection or a 5xx repeats the same
 * request and moves money at most once. Once the server has answered (success or a 4xx) the next
 * submission is a new one; a changed body is always a new one.
 */
export class IdempotentSubmission {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for a submission of `body` (any stable text of the request, e.g. its JSON). */
  keyFor(body: string): string {
    if (this.current?.body !== body) this.current = { key: this.newKey(), body };
    return this.current.key;
  }

  /** Record how the call ended: only an unknown outcome keeps the key for the retry. */
  settle(error?: unknown): void {
    if (!error || !outcomeUnknown(error)) this.current = null;
  }
}

/** No answer, a 5xx (not stored by the server) or "the first request is still running". */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === 'IDEMPOTENCY_IN_PROGRESS';
}
