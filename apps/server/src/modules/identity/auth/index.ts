export * from './access-token.ts';
export * from './auth.service.ts';
export * from './caller-cache.ts';
export * from './session-cookie.ts';
export * from './sign-in-context.ts';
