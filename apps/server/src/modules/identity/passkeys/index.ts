export * from './passkeys.service.ts';
export * from './relying-party.ts';
