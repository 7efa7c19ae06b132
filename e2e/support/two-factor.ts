import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * The second factor of the journeys' admins (docs/security.md, "Two-factor sign-in"). Each server
 * of the run has its own database and seeded admin: the first journey that needs one of them enrols
 * it through the API, like a person would, and keeps its secret in a file under E2E_DATA_DIR, by the
 * server's address. The playwright workers share that file and the last step used of each secret
 * through a lock file, so no code is sent twice; when the current step and its neighbours are used
 * up, the next caller waits for the next 30-second step. Since each step serves one sign-in, most
 * sign-ins use the admin's recovery codes instead, as a person without their phone would; a new set
 * costs one code of the app (`refillRecoveryCodes`).
 */

const DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'meridian-e2e-two-factor');
const STATE = join(DIR, 'two-factor.json');
const LOCK = join(DIR, 'two-factor.lock');
/** A lock older than this was left by a killed worker. */
const STALE_LOCK_MS = 90_000;

type TState = Record<string, { secret: string; lastStep: number; recoveryCodes?: string[] }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const stepNow = () => Math.floor(Date.now() / 30_000);

export function totpCode(secret: string, step = stepNow()): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: step * 30_000 });
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(DIR, { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { force: true });
      } catch {
        // Released meanwhile.
      }
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

function readState(): TState {
  try {
    return JSON.parse(readFileSync(STATE, 'utf8')) as TState;
  } catch {
    return {};
  }
}

/** A code of a step after the last one used for `origin`'s admin; waits for the clock when need be. Under the lock. */
async function nextCode(origin: string): Promise<string> {
  for (;;) {
    const state = readState();
    const entry = state[origin];
    if (!entry) throw new Error(`no second factor known for the admin of ${origin}`);
    const now = stepNow();
    const step = [now - 1, now, now + 1].find((s) => s > entry.lastStep);
    if (step !== undefined) {
      state[origin] = { ...entry, lastStep: step };
      writeFileSync(STATE, JSON.stringify(state));
      return totpCode(entry.secret, step);
    }
    await sleep((now + 1) * 30_000 - Date.now() + 100);
  }
}

/** Remembers a secret enrolled elsewhere (a journey that enrols through the page); `step` is the one it used. */
export function rememberSecret(origin: string, secret: string, step: number): Promise<void> {
  return withLock(async () => {
    const state = readState();
    state[origin] = { secret, lastStep: step };
    writeFileSync(STATE, JSON.stringify(state));
  });
}

/**
 * The key of the server behind `request`: its origin, with `localhost` written as 127.0.0.1, since
 * journeys that need a host name (passkeys) reach the same server, and its one admin, by that name.
 */
export async function originOf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/health/live');
  const url = new URL(res.url());
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.origin;
}

/**
 * Makes sure the admin `email` of the server behind `request` has its second factor on, enrolling it
 * through the API the first time.
 */
export async function ensureAdminEnrolled(request: APIRequestContext, email: string, password: string) {
  const origin = await originOf(request);
  await withLock(async () => {
    if (readState()[origin]) return;
    const res = await request.post('/api/login', { data: { email, password } });
    if (res.status() !== 200) throw new Error(`admin sign-in: ${res.status()} ${await res.text()}`);
    const body = (await res.json()) as { accessToken?: string };
    if (!body.accessToken) throw new Error(`the admin of ${origin} has a second factor this run does not know`);
    const headers = { authorization: `Bearer ${body.accessToken}` };
    const setup = await request.post('/api/user/two-factor/setup', { headers });
    if (setup.status() !== 200) throw new Error(`two-factor set-up: ${setup.status()} ${await setup.text()}`);
    const secret = ((await setup.json()) as { secret: string }).secret.replace(/\s+/g, '');
    const step = stepNow();
    const confirm = await request.post('/api/user/two-factor/confirm', {
      headers,
      data: { code: totpCode(secret, step) },
    });
    if (confirm.status() !== 200) throw new Error(`two-factor confirm: ${confirm.status()} ${await confirm.text()}`);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    const state = readState();
    state[origin] = { secret, lastStep: step, recoveryCodes };
    writeFileSync(STATE, JSON.stringify(state));
  });
  return origin;
}

/**
 * What answers the next sign-in of `origin`'s admin: one of its unused recovery codes, else a fresh
 * code of the app.
 */
export function adminSecondFactor(origin: string): Promise<{ code: string; recovery: boolean }> {
  return withLock(async () => {
    const state = readState();
    const entry = state[origin];
    const code = entry?.recoveryCodes?.shift();
    if (!entry || code === undefined) return { code: await nextCode(origin), recovery: false };
    writeFileSync(STATE, JSON.stringify(state));
    return { code, recovery: true };
  });
}

/** Below this many left, the admin asks for a new set of recovery codes. */
const RECOVERY_CODES_LOW = 3;

/** Replaces `origin`'s admin's recovery codes when few are left, signed in as that admin. */
export function refillRecoveryCodes(
  request: APIRequestContext,
  origin: string,
  headers: { authorization: string },
): Promise<void> {
  return withLock(async () => {
    if ((readState()[origin]?.recoveryCodes?.length ?? 0) >= RECOVERY_CODES_LOW) return;
    const res = await request.post('/api/user/two-factor/recovery-codes', {
      headers,
      data: { code: await nextCode(origin) },
    });
    if (res.status() !== 200) throw new Error(`new recovery codes: ${res.status()} ${await res.text()}`);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    const state = readState();
    const entry = state[origin];
    if (entry) state[origin] = { ...entry, recoveryCodes };
    writeFileSync(STATE, JSON.stringify(state));
  });
}

/**
 * Hands `submit` a fresh code for the admin of `origin` (enrolled before), and holds every other
 * worker's code back until `submit` has used it: the server refuses a code of a step older than the
 * last one it took (replay protection), so the codes must reach it in the order they were made.
 */
export function withAdminCode(origin: string, submit: (code: string) => Promise<void>): Promise<void> {
  return withLock(async () => submit(await nextCode(origin)));
}
