import type { TSession, TSessionDevice } from '@meridian/contracts/sessions';
import Bowser from 'bowser';
import type { TSessionRow } from '../auth/index.ts';

/**
 * Systems whose user agent tells their real version. Windows 11 still says "Windows NT 10.0" and
 * every macOS since 10.15 says "10_15_7", so for those the name alone is honest.
 */
const VERSIONED_OS = new Set(['iOS', 'iPadOS', 'Android', 'Chrome OS', 'HarmonyOS']);

const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');

/** Browser, system and kind of device as the user agent names them; empty parts when it names none. */
export function describeUserAgent(userAgent: string): Pick<TSession, 'browser' | 'os' | 'device'> {
  if (userAgent.trim() === '') return { browser: '', os: '', device: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const os = parsed.os.name ?? '';
  return {
    browser: parsed.browser.name ? joined(parsed.browser.name, major(parsed.browser.version)) : '',
    os: VERSIONED_OS.has(os) ? joined(os, major(parsed.os.version)) : os,
    device: deviceOf(parsed.platform.type),
  };
}

function deviceOf(type: string | undefined): TSessionDevice {
  if (type === 'mobile' || type === 'tablet' || type === 'desktop') return type;
  // The list knows three kinds of device; a TV's browser is closest to a desktop one.
  if (type === 'tv') return 'desktop';
  return 'unknown';
}

export function toApiSession(row: TSessionRow, currentId: string | null): TSession {
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    method: row.method,
    secondFactor: row.secondFactor,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  };
}
