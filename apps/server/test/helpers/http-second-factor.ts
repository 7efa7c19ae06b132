import type { TAuthResponse } from '@meridian/contracts/auth';
import { stepNow, totpCode } from './two-factor.ts';

/**
 * Signing an admin in to a server process over real HTTP, as a person would: the password, then the
 * second factor. An admin who has none yet (the first admin a server creates) enrols once through
 * the API; the secret is remembered here for later sign-ins to the same database. Codes are never
 * used twice: when the current step and its neighbours are used up, this waits for the next step.
 */

export interface THttpSession {
  auth: TAuthResponse;
  /** The `meridian_refresh=…` pair, when the server set one. */
  cookie: string | null;
}

/** Secrets by origin and email, and the last step used of each secret. */
const secrets = new Map<string, string>();
/** The secret enrolled last, by email. */
const latestSecrets = new Map<string, string>();
const lastSteps = new Map<string, number>();
const queues = new Map<string, Promise<unknown>>();

async function post(origin: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('meridian_refresh='));
  return { status: res.status, text, cookie: setCookie ? (setCookie.split(';')[0] ?? null) : null };
}

/** A code of `secret` for a step no earlier code of it used, waiting for the clock when need be. */
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = stepNow();
    const last = lastSteps.get(secret) ?? Number.NEGATIVE_INFINITY;
    const step = [now - 1, now, now + 1].find((s) => s > last);
    if (step !== undefined) {
      lastSteps.set(secret, step);
      return totpCode(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}

function secretOf(origin: string, email: string): string | undefined {
  // Else the same database reached through another server of a cluster, or a restarted server on a
  // new port: the secret enrolled last for this email (a later test may enrol the same email again
  // on a database of its own).
  return secrets.get(`${origin}|${email}`) ?? latestSecrets.get(email);
}

async function signInOnce(origin: string, email: string, password: string): Promise<THttpSession> {
  const first = await post(origin, '/login', { email, password });
  if (first.status !== 200) throw new Error(`sign-in failed: ${email}: ${first.status} ${first.text}`);
  const answer = JSON.parse(first.text) as TAuthResponse | { challenge: string };
  if ('challenge' in answer) {
    const secret = secretOf(origin, email);
    if (!secret) throw new Error(`sign-in of ${email}: a second factor is asked for, but its secret is unknown here`);
    const second = await post(origin, '/login/second-factor', {
      challenge: answer.challenge,
      code: await freshCode(secret),
    });
    // The password was accepted: a refusal here is the second factor's, and says so (a wrong secret or
    // a clock off by more than a step), not another failed sign-in.
    if (second.status !== 200) {
      throw new Error(`verification failed: second factor of ${email}: ${second.status} ${second.text}`);
    }
    return { auth: JSON.parse(second.text) as TAuthResponse, cookie: second.cookie };
  }
  if (answer.roles !== 'Admin') return { auth: answer, cookie: first.cookie };
  // An admin with no second factor yet: enrol now, then sign in again with it.
  const setup = await post(origin, '/user/two-factor/setup', {}, answer.accessToken);
  if (setup.status !== 200) throw new Error(`two-factor set-up of ${email}: ${setup.status} ${setup.text}`);
  const secret = (JSON.parse(setup.text) as { secret: string }).secret.replace(/\s+/g, '');
  const confirm = await post(origin, '/user/two-factor/confirm', { code: await freshCode(secret) }, answer.accessToken);
  if (confirm.status !== 200) throw new Error(`two-factor confirm of ${email}: ${confirm.status} ${confirm.text}`);
  secrets.set(`${origin}|${email}`, secret);
  latestSecrets.set(email, secret);
  return signInOnce(origin, email, password);
}

/**
 * A fresh one-time code of the admin `email` of `origin`, enrolling them first (with `password`)
 * when they have no second factor yet: for a program that signs in by itself (ledger:verify).
 */
export async function adminCodeOverHttp(origin: string, email: string, password: string): Promise<string> {
  if (!secretOf(origin, email.toLowerCase())) await signInOverHttp(origin, email, password);
  const secret = secretOf(origin, email.toLowerCase());
  if (!secret) throw new Error(`no second factor for ${email}`);
  return freshCode(secret);
}

/** Signs `email` in to the server at `origin`; sign-ins of the same email take turns. */
export function signInOverHttp(origin: string, email: string, password: string): Promise<THttpSession> {
  const key = email.toLowerCase();
  const turn = (queues.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => signInOnce(origin, key, password));
  queues.set(key, turn);
  return turn;
}
