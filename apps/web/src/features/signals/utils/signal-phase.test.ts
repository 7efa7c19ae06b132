import { describe, expect, it } from 'vitest';
import { canJoin, signalPhase } from './signal-phase';

const at = (iso: string) => Date.parse(iso);
const signal = { scheduleTime: '2030-01-01T10:00:00.000Z', closingTime: '2030-01-01T14:00:00.000Z' };

describe('a signal’s countdown', () => {
  it('counts down to its opening first', () => {
    expect(signalPhase(signal, at('2030-01-01T09:58:30.000Z'))).toEqual({ phase: 'opens', msLeft: 90_000 });
  });

  it('then to its closing, from the very moment it opens', () => {
    expect(signalPhase(signal, at('2030-01-01T10:00:00.000Z'))).toEqual({
      phase: 'closes',
      msLeft: 4 * 3_600_000,
    });
    expect(signalPhase(signal, at('2030-01-01T13:59:59.500Z'))).toEqual({ phase: 'closes', msLeft: 500 });
  });

  it('has expired from its closing time on', () => {
    expect(signalPhase(signal, at('2030-01-01T14:00:00.000Z'))).toEqual({ phase: 'expired', msLeft: 0 });
    expect(signalPhase(signal, at('2030-02-01T00:00:00.000Z')).phase).toBe('expired');
  });
});

describe('joining a signal', () => {
  const pending = { ...signal, status: 'pending', joined: false } as const;
  const before = at('2030-01-01T09:00:00.000Z');

  it('is open while the signal is pending, before it opens', () => {
    expect(canJoin(pending, before)).toBe(true);
  });

  it('is closed once it opens, once the server says it is active, and after joining', () => {
    expect(canJoin(pending, at('2030-01-01T10:00:00.000Z'))).toBe(false);
    expect(canJoin({ ...pending, status: 'active' }, before)).toBe(false);
    expect(canJoin({ ...pending, joined: true }, before)).toBe(false);
  });
});
