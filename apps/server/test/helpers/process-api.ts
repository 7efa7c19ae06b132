import { connect } from 'node:net';
import type { TAuthResponse, TRegisterResponse } from '@meridian/contracts/auth';
import { VERIFY_LINK } from './email-verification.ts';
import { registrationForm } from './factories.ts';
import { signInOverHttp } from './http-second-factor.ts';

/** The API of a server process (`startServerProcess`), over real HTTP, as a browser calls it. */

export interface TAnswer {
  status: number;
  /** `idempotent-replayed`: "true" when the answer is a stored one (docs/money.md, "Idempotency"). */
  replayed: string | null;
  body: string;
}

export interface TCall {
  method?: string;
  body?: unknown;
  token?: string;
  /** The Idempotency-Key header. */
  key?: string;
}

export async function call(url: string, path: string, init: TCall = {}): Promise<TAnswer> {
  const res = await fetch(`${url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: headersOf(init),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.text() };
}

function headersOf(init: TCall): Record<string, string> {
  return {
    ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...(init.key ? { 'idempotency-key': init.key } : {}),
  };
}

/** Signs in with the password, and an admin with the second factor too (http-second-factor.ts). */
export async function signIn(url: string, email: string, password: string): Promise<TAuthResponse> {
  return (await signInOverHttp(url, email, password)).auth;
}

/**
 * Follows the newest verification link mailed to `email`, as its owner would: the mail is read from
 * the outbox through the admin's API (`adminToken`), the link's token sent to the verification route.
 */
export async function followVerificationLinkOverHttp(url: string, adminToken: string, email: string): Promise<void> {
  const outbox = await call(url, '/admin/outbox?limit=100', { token: adminToken });
  if (outbox.status !== 200) throw new Error(`outbox: ${outbox.status} ${outbox.body}`);
  const { messages } = JSON.parse(outbox.body) as { messages: Array<{ to: string; text: string }> };
  const token = messages.map((m) => (m.to === email ? VERIFY_LINK.exec(m.text)?.[2] : undefined)).find(Boolean);
  if (!token) throw new Error(`no verification link to ${email} in the outbox`);
  const verified = await call(url, '/email-verification', { method: 'POST', body: { token } });
  if (verified.status !== 200) throw new Error(`verification: ${verified.status} ${verified.body}`);
}

/**
 * A new client, registered through the API and signed in. With `adminToken`, their email is
 * verified through the mailed link first, so they may move money.
 */
export async function newClient(url: string, adminToken?: string): Promise<{ id: string; token: string }> {
  const form = registrationForm();
  const res = await call(url, '/client', { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`registration: ${res.status} ${res.body}`);
  const { user } = JSON.parse(res.body) as TRegisterResponse;
  if (adminToken) await followVerificationLinkOverHttp(url, adminToken, form.email);
  return { id: user.id, token: (await signIn(url, form.email, form.password)).accessToken };
}

export interface THeldRequest {
  /** Sends the rest of the body: the server then answers. */
  finish(): void;
  /** The answer, read until the server closed the connection; rejects when it never came. */
  answer: Promise<{ status: number; headers: Record<string, string>; body: string }>;
}

/**
 * A request the server has started but cannot finish yet: its headers are sent with `Expect:
 * 100-continue`, and once the server has answered "100 Continue" (it has read them and the route is
 * waiting for the body) all of the body but its last byte. It is in flight for sure, which a
 * request merely sent is not (it may still wait in the listening socket's queue).
 */
export async function heldRequest(port: number, path: string, init: TCall): Promise<THeldRequest> {
  const body = Buffer.from(JSON.stringify(init.body ?? {}));
  const headers = { ...headersOf(init), host: `127.0.0.1:${port}`, 'content-length': String(body.length) };
  const socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let continued: () => void = () => {};
  const continuedPromise = new Promise<void>((resolve) => {
    continued = resolve;
  });
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    if (received.toString('latin1').startsWith('HTTP/1.1 100')) continued();
  });
  const answer = new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      // After the interim "100 Continue", the final answer.
      const text = received.toString('latin1').replace(/^HTTP\/1\.1 100[^\r]*\r\n\r\n/, '');
      const parsed = parseResponse(text);
      if (parsed) resolve(parsed);
      else reject(new Error(`no answer, the connection closed after: ${JSON.stringify(text)}`));
    });
  });
  answer.catch(() => undefined);
  socket.write(
    `POST /api${path} HTTP/1.1\r\n${Object.entries({ ...headers, expect: '100-continue' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
  );
  await Promise.race([continuedPromise, answer.then((a) => Promise.reject(new Error(`answered ${a.status} early`)))]);
  socket.write(body.subarray(0, body.length - 1));
  return { finish: () => void socket.write(body.subarray(body.length - 1)), answer };
}

/** An HTTP/1.1 answer: status line, headers, and a body sent whole or in chunks. */
function parseResponse(text: string): { status: number; headers: Record<string, string>; body: string } | null {
  const end = text.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  if (end < 0 || !status) return null;
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let rest = body; ; ) {
      const lineEnd = rest.indexOf('\r\n');
      const size = Number.parseInt(rest.slice(0, lineEnd), 16);
      if (!(size > 0)) break;
      decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    body = decoded;
  }
  return { status: Number(status), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

/** Whether a new TCP connection to `port` is refused (nothing listens there any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
