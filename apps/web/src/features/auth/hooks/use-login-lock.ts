import { LOGIN_LOCK_MS } from '@meridian/contracts/constants';
import { useEffect, useState } from 'react';
import type { ApiError } from '@/lib/api-client';

/** setTimeout takes at most a signed 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface TAttempts {
  email: string;
  remaining: number;
}

interface TLock {
  email: string;
  until: Date;
}

/**
 * What the server said about failed sign-ins (docs/security.md, "Login lock": the server enforces
 * the lock; the UI shows it). Both apply to the email they were answered for, so a different account on the
 * same device is not blocked. The lock lifts by itself when its time is up.
 */
export function useLoginLock(email: string) {
  const [attempts, setAttempts] = useState<TAttempts | null>(null);
  const [lock, setLock] = useState<TLock | null>(null);

  useEffect(() => {
    if (!lock) return;
    const id = window.setTimeout(
      () => setLock(null),
      Math.min(Math.max(lock.until.getTime() - Date.now(), 0), MAX_TIMER_MS),
    );
    return () => window.clearTimeout(id);
  }, [lock]);

  /** Records a failed sign-in; returns true when the answer was a lock. */
  function record(err: ApiError, forEmail: string): boolean {
    if (err.status === 423 || err.code === 'ACCOUNT_LOCKED') {
      const until = new Date(err.body.lockedUntil ?? Number.NaN);
      setLock({ email: forEmail, until: Number.isNaN(until.getTime()) ? new Date(Date.now() + LOGIN_LOCK_MS) : until });
      setAttempts(null);
      return true;
    }
    if (err.status === 401 && typeof err.body.attemptsRemaining === 'number') {
      setAttempts({ email: forEmail, remaining: err.body.attemptsRemaining });
    }
    return false;
  }

  function reset() {
    setAttempts(null);
    setLock(null);
  }

  return {
    attemptsRemaining: attempts && sameEmail(attempts.email, email) ? attempts.remaining : null,
    lockedUntil: lock && sameEmail(lock.email, email) ? lock.until : null,
    record,
    reset,
  };
}
