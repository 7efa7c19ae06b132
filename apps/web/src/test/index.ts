/** Component-test helpers: render with the app's providers, answer the API by contract, fixtures. */
export { answer, refuse, type TRefusal, type TSentRequest } from './answer';
export { cursorPages } from './cursor-pages';
export * from './fixtures';
export { setTestLanguage, textOf } from './i18n';
export { createTestQueryClient, renderWithProviders, type TRendered, type TRenderOptions } from './render';
export { skipAhead } from './time';
