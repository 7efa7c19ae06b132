/**
 * Messages the server and the web app both say. Keys are i18n keys (namespace.key); the values are
 * the English words of the spec. Schemas carry the key; the server answers with the English text,
 * the web app translates the key. `apps/web/src/i18n/locales/en/*.json` repeats these texts and a
 * test keeps the two equal.
 */
export const messages = {
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Invalid email address',
  'validation.passwordRequired': 'Password is required',
  'validation.passwordMin': 'Password must be at least 8 characters',
  'validation.passwordMax': 'Password must be at most 128 characters',
  'validation.firstnameRequired': 'First name is required',
  'validation.lastnameRequired': 'Last name is required',
  'validation.usernameRequired': 'Username is required',
  'validation.usernameInvalid': 'Username may use letters, digits, dot, dash and underscore only',
  'validation.phoneRequired': 'Phone number is required',
  'validation.phoneInvalid': 'Invalid phone number',
  'validation.countryRequired': 'Country is required',
  'validation.addressRequired': 'Address is required',
  'validation.referralCodeMax': 'Referral code must be at most 9 characters',
  'validation.tooLong': 'This value is too long',
  'errors.userExists': 'User already exists',
  'errors.invalidReferralCode': 'Referral code not found',
  'errors.invalidEmailOrPassword': 'Invalid email or password',
  'errors.invalidCredentials': 'Invalid credentials',
  'errors.userInactive': 'User is not active, contact support for more info',
  'errors.accountLocked': 'Account temporarily locked after too many failed attempts. Try again after {{until}}.',
  'errors.unauthorized': 'You need to sign in to continue',
  'errors.sessionExpired': 'Your session has expired, please sign in again',
  'errors.forbidden': 'You are not allowed to do this',
  'errors.ownPasswordOnly': 'You can only change your own password',
  'errors.notFound': 'Not found',
  'errors.generic': 'Something went wrong, try again later',
  'errors.invalidJson': 'The request body is not valid JSON',
  'errors.unsupportedMediaType': 'Unsupported content type',
  'errors.malformedForm': 'The form data could not be read',
  'errors.payloadTooLarge': 'The request is too large',
  'errors.rateLimited': 'Too many requests, please wait a moment and try again',
  'auth.accountCreated': 'Account created successfully',
  'auth.loginSuccess': 'Login successful. Redirecting...',
  'auth.passwordChanged': 'Password changed successfully! Redirecting...',
  'auth.passwordChangeFailed': 'Failed to change password',
  'auth.loggedOut': 'Logged out',
} as const;

export type TMessageKey = keyof typeof messages;

/** English text of a message key, with `{{name}}` placeholders filled in. */
export function messageText(key: TMessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function isMessageKey(value: string): value is TMessageKey {
  return Object.hasOwn(messages, value);
}
