/**
 * Load through HTTP with autocannon: N connections for a number of seconds, each request built by
 * `next(i)` (a path, headers and body of its own: a rotating id, a unique Idempotency-Key), after a
 * short warm-up with the same requests. The figure is the 2xx answers per second; a run with any
 * non-2xx answer or socket error is a failed run, and says so instead of giving a figure.
 */
import autocannon from 'autocannon';

export interface TRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface TLoadOptions {
  /** The server's origin (`http://127.0.0.1:1234`). */
  url: string;
  connections: number;
  seconds: number;
  /** The i-th request (i counts from 0 across the warm-up and the run). */
  next: (i: number) => TRequest;
  /** Seconds of the same load before the measured run; default 1. */
  warmupSeconds?: number;
}

export interface TLoad {
  /** 2xx answers per second over the measured run. */
  perSecond: number;
  /** Latency of every answer (ms). */
  p50: number;
  p99: number;
  mean: number;
  total: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** The first non-2xx answer's status and body (cut short). */
  firstFailure?: string;
  connections: number;
  seconds: number;
}

/** A run that failed: non-2xx answers or socket errors, or none answered at all. */
export const failed = (load: TLoad) => load.non2xx > 0 || load.errors > 0 || load.total === 0;

async function fire(
  options: TLoadOptions,
  seconds: number,
  counter: { i: number },
  failure: { text?: string },
): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const built = options.next(counter.i++);
          return {
            ...request,
            method: built.method ?? 'GET',
            path: built.path,
            headers: { ...request.headers, ...built.headers },
            ...(built.body === undefined ? {} : { body: built.body }),
          };
        },
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && failure.text === undefined) {
            failure.text = `${status} ${body.slice(0, 160)}`;
          }
        },
      },
    ],
  });
}

export async function load(options: TLoadOptions): Promise<TLoad> {
  const counter = { i: 0 };
  const warmup = options.warmupSeconds ?? 1;
  if (warmup > 0) await fire(options, warmup, counter, {});
  const failure: { text?: string } = {};
  const result = await fire(options, options.seconds, counter, failure);
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count ?? 0;
  const ok = result['2xx'];
  return {
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    total: ok + result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    connections: options.connections,
    seconds: result.duration,
    ...(failure.text === undefined ? {} : { firstFailure: failure.text }),
  };
}

/** One line: `1234 req/s, p50 3 ms, p99 12 ms` or the failure. */
export function describe(load: TLoad): string {
  const figures = `${load.perSecond.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms (${load.total} answers, ${load.connections} connections, ${load.seconds.toFixed(0)} s)`;
  if (!failed(load)) return figures;
  const codes = Object.entries(load.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${code} ×${n}`)
    .join(', ');
  const first = load.firstFailure ? `; first: ${load.firstFailure}` : '';
  return `FAILED: ${load.non2xx} non-2xx${codes ? ` (${codes})` : ''}, ${load.errors} socket errors; ${figures}${first}`;
}
