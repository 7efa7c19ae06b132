export * from './address-book.mail.ts';
export * from './address-book.service.ts';
