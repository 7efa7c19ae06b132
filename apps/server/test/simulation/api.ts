import { endpointPath, type TEncoding, type TEndpoint, type TEndpointOutput } from '@meridian/contracts/endpoint';
import { type TApiError, ZApiError } from '@meridian/contracts/errors';
import { toCents } from '@meridian/contracts/money';
import type { FastifyInstance } from 'fastify';
import { encode } from '../helpers/bodies.ts';
import type { TSignedIn } from '../helpers/factories.ts';

/**
 * Requests of the simulation, checked against their endpoint's contract (packages/contracts): a
 * success has the endpoint's status and answer schema; a refusal is one of the error statuses the
 * endpoint declares, in the API's error shape. Anything else, and every 5xx, is a failure of the
 * run (`SimulationFailure`), never a refusal.
 */

export class SimulationFailure extends Error {}

/** Dollars of an answer (signed: a loss is negative) to cents; more than 2 decimals is a broken answer. */
export function centsOf(dollars: number): bigint {
  const cents = toCents(Math.abs(dollars));
  if (cents === null) throw new SimulationFailure(`an answer holds ${dollars}, not an amount of dollars and cents`);
  return dollars < 0 ? -cents : cents;
}

export interface TCall<E extends TEndpoint = TEndpoint> {
  endpoint: E;
  /** Who calls; absent for a public endpoint. */
  as?: TSignedIn;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: Record<string, unknown>;
  /** How the body travels (JSON unless the endpoint takes this encoding too). */
  encoding?: TEncoding;
}

export type TAnswer<E extends TEndpoint = TEndpoint> =
  | { ok: true; status: number; body: TEndpointOutput<E>; replayed: boolean; raw: string }
  | { ok: false; status: number; error: TApiError; replayed: boolean; raw: string };

export const describeCall = (call: TCall) => `${call.endpoint.method} /api${endpointPath(call.endpoint, call.params)}`;

export async function send<E extends TEndpoint>(
  app: FastifyInstance,
  call: TCall<E>,
  idempotencyKey?: string,
): Promise<TAnswer<E>> {
  const { endpoint } = call;
  const query = call.query
    ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  const url = `/api${endpointPath(endpoint, call.params)}${query}`;
  const encoding = call.encoding && endpoint.encodings?.includes(call.encoding) ? call.encoding : 'json';
  const body = call.body === undefined ? undefined : encode(encoding, call.body);
  const res = await app.inject({
    method: endpoint.method,
    url,
    headers: {
      ...(call.as ? call.as.headers : {}),
      ...(body ? body.headers : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
  const what = `${endpoint.method} ${url}${call.body ? ` ${JSON.stringify(call.body)}` : ''}`;
  const raw = res.body;
  const replayed = res.headers['idempotent-replayed'] === 'true';
  if (res.statusCode >= 500) throw new SimulationFailure(`${what} answered ${res.statusCode}: ${raw.slice(0, 500)}`);
  const success = endpoint.status ?? 200;
  if (res.statusCode === success) {
    const parsed = endpoint.response ? endpoint.response.safeParse(res.json()) : { success: true, data: undefined };
    if (!parsed.success) {
      throw new SimulationFailure(`${what} answered ${res.statusCode} outside its contract: ${raw.slice(0, 500)}`);
    }
    return { ok: true, status: res.statusCode, body: parsed.data as TEndpointOutput<E>, replayed, raw };
  }
  const error = ZApiError.safeParse(safeJson(raw));
  if (!(endpoint.errors as readonly number[]).includes(res.statusCode) || !error.success) {
    throw new SimulationFailure(
      `${what} answered ${res.statusCode}, not a status its contract declares (${success}, ${endpoint.errors.join(', ')}) ` +
        `in the API's error shape: ${raw.slice(0, 500)}`,
    );
  }
  return { ok: false, status: res.statusCode, error: error.data, replayed, raw };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer's body, or a failure naming what was refused (for the calls the run itself needs to succeed). */
export async function mustSend<E extends TEndpoint>(app: FastifyInstance, call: TCall<E>): Promise<TEndpointOutput<E>> {
  const answer = await send(app, call);
  if (!answer.ok) throw new SimulationFailure(`${describeCall(call)} was refused: ${answer.status} ${answer.raw}`);
  return answer.body;
}
