import type { TEndpoint, TEndpointReply, TErrorStatus } from '@meridian/contracts/endpoint';
import type { TApiError, TMessageParams, TMessageRef } from '@meridian/contracts/errors';
import { formNumbers } from '@meridian/contracts/form-body';
import { isMessageKey, messageText } from '@meridian/contracts/messages';
import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { apiProblems, server } from './server';

const REFUSAL = Symbol('refusal');

/** An error answer of the API (`ZApiError`) with its status: what a resolver returns to refuse a call. */
export interface TRefusal<S extends TErrorStatus = TErrorStatus> {
  readonly [REFUSAL]: true;
  readonly status: S;
  readonly body: TApiError;
  /** Headers the refusal carries besides its body (`retry-after` on a 429). */
  readonly headers?: Record<string, string>;
}

/** What `refuse` needs: `message` defaults to the key's English text, `fieldErrors` to the English of `fieldKeys`. */
export type TRefusalInput = Omit<TApiError, 'message' | 'params'> & { message?: string; params?: TMessageParams };

/**
 * The API's refusal, as the server's error handler answers it:
 * `refuse(422, { error: 'VALIDATION', key: 'validation.amountMin', params: { min: '$10.00' }, fieldKeys: … })`.
 */
export function refuse<S extends TErrorStatus>(
  status: S,
  error: TRefusalInput,
  headers?: Record<string, string>,
): TRefusal<S> {
  const params = error.params ?? {};
  const english = (ref: TMessageRef) => (isMessageKey(ref.key) ? messageText(ref.key, ref.params) : ref.key);
  const fieldErrors =
    error.fieldErrors ??
    (error.fieldKeys
      ? Object.fromEntries(Object.entries(error.fieldKeys).map(([field, ref]) => [field, english(ref)]))
      : undefined);
  return {
    [REFUSAL]: true,
    status,
    ...(headers ? { headers } : {}),
    body: {
      ...error,
      params,
      message: error.message ?? english({ key: error.key, params }),
      ...(fieldErrors ? { fieldErrors } : {}),
    },
  };
}

type TFirstEncoding<E extends TEndpoint> = E['encodings'] extends readonly [infer F, ...unknown[]] ? F : 'json';

/**
 * The body the web app sent: JSON as the endpoint's input type; a multipart form as its fields
 * (strings, and Files for uploads), left out when empty as an HTML form leaves them out.
 */
export type TSentBody<E extends TEndpoint> = E['body'] extends z.ZodType
  ? TFirstEncoding<E> extends 'multipart'
    ? { [K in keyof z.input<E['body']> & string]?: string | File }
    : z.input<E['body']>
  : undefined;

/** One request the endpoint received. */
export interface TSentRequest<E extends TEndpoint> {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  body: TSentBody<E>;
}

export type TResolver<E extends TEndpoint> = (
  sent: TSentRequest<E>,
) => TEndpointReply<E> | TRefusal<E['errors'][number]> | Promise<TEndpointReply<E> | TRefusal<E['errors'][number]>>;

export interface TAnswerOptions {
  /** Answer only the first matching request (a later one falls to an earlier handler or is unhandled). */
  once?: boolean;
}

/**
 * Answers an endpoint of `packages/contracts/src/endpoints` (its method and `/api` path) for the
 * current test. The resolver returns what the endpoint's answer schema accepts, or `refuse(status, …)`
 * with one of the endpoint's error statuses. The body the app sent is checked against the
 * endpoint's body schema, as the server would: a body outside the contract fails the test. Returns
 * the requests received, in order, to assert on what they carried.
 */
export function answer<E extends TEndpoint>(
  endpoint: E,
  resolver: TResolver<E>,
  options: TAnswerOptions = {},
): TSentRequest<E>[] {
  const received: TSentRequest<E>[] = [];
  const method = endpoint.method.toLowerCase() as Lowercase<E['method']>;
  const handler = http[method](
    `/api${endpoint.path}`,
    async ({ request, params }) => {
      const sent: TSentRequest<E> = {
        request: request.clone(),
        params: params as Record<string, string>,
        query: new URL(request.url).searchParams,
        body: (await readBody(request)) as TSentBody<E>,
      };
      received.push(sent);
      const type = request.headers.get('content-type') ?? '';
      const isForm = type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded');
      const outside = await outsideContract(endpoint, sent.body, isForm);
      if (outside) {
        apiProblems.push(`${endpoint.method} ${endpoint.path}: the app sent a body outside the contract: ${outside}`);
        return HttpResponse.json(refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }).body, {
          status: 400,
        });
      }
      const reply = await resolver(sent);
      if (isRefusal(reply)) return HttpResponse.json(reply.body, { status: reply.status, headers: reply.headers });
      return HttpResponse.json(reply as never, { status: endpoint.status ?? 200 });
    },
    { once: options.once ?? false },
  );
  server.use(handler);
  return received;
}

function isRefusal(value: unknown): value is TRefusal {
  return typeof value === 'object' && value !== null && REFUSAL in value;
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await request.clone().formData();
    const fields: Record<string, string | File> = {};
    form.forEach((value, key) => {
      fields[key] = value;
    });
    return fields;
  }
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why the sent body fails the endpoint's body schema (files read as bytes, as the server reads them), if it does. */
async function outsideContract(endpoint: TEndpoint, body: unknown, isForm: boolean): Promise<string | undefined> {
  if (!endpoint.body) return undefined;
  let value = body ?? {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, part]) => [
        key,
        isFile(part) ? new Uint8Array(await part.arrayBuffer()) : part,
      ]),
    );
    value = Object.fromEntries(entries);
    // A form's fields are text: the server makes the schema's numbers numbers first, and so does this.
    if (isForm) formNumbers(endpoint.body, value as Record<string, unknown>);
  }
  const checked = endpoint.body.safeParse(value);
  return checked.success ? undefined : checked.error.message;
}

function isFile(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';
}
