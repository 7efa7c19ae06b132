import { expect, it } from 'vitest';
import { sharedMessageKey } from './shared-message-key';

it('finds the shared key behind a zod issue or the server English words', () => {
  expect(sharedMessageKey('validation.emailRequired')).toBe('validation.emailRequired');
  expect(sharedMessageKey('Invalid credentials')).toBe('errors.invalidCredentials');
  expect(sharedMessageKey('Invalid email or password')).toBe('errors.invalidEmailOrPassword');
  expect(sharedMessageKey('Referral code not found')).toBe('errors.invalidReferralCode');
  expect(sharedMessageKey('Unexpected field: foo')).toBeUndefined();
});
