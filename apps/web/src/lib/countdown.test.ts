import { expect, it } from 'vitest';
import { formatCountdown, formatTimeLeft, secondsLeft, timeLeftParts } from './countdown';

it('writes the deposit wait as m:ss', () => {
  expect(formatCountdown(300)).toBe('5:00');
  expect(formatCountdown(299)).toBe('4:59');
  expect(formatCountdown(61)).toBe('1:01');
  expect(formatCountdown(9)).toBe('0:09');
  expect(formatCountdown(0)).toBe('0:00');
  expect(formatCountdown(-3)).toBe('0:00');
});

it('counts whole seconds left from a deadline, so a throttled timer cannot drift', () => {
  const deadline = 1_000_000 + 300_000;
  expect(secondsLeft(deadline, 1_000_000)).toBe(300);
  expect(secondsLeft(deadline, 1_000_001)).toBe(300);
  expect(secondsLeft(deadline, 1_001_000)).toBe(299);
  expect(secondsLeft(deadline, deadline - 1)).toBe(1);
  expect(secondsLeft(deadline, deadline)).toBe(0);
  expect(secondsLeft(deadline, deadline + 5000)).toBe(0);
});

it('writes a long time left (a signal’s, a position’s) in whole seconds, rounded up, with days from a day on', () => {
  expect(timeLeftParts(500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  expect(formatTimeLeft(500)).toBe('00:00:01');
  expect(formatTimeLeft(3_723_000)).toBe('01:02:03');
  expect(formatTimeLeft(2 * 86_400_000 + 3_723_000)).toBe('2d 01:02:03');
  expect(formatTimeLeft(-1)).toBe('00:00:00');
});
