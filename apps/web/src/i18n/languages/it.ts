/**
 * Every locale file of this language, in one chunk: one request for all its words (i18n/index.ts).
 * It must import nothing from the app: the entry waits for the words of a first page in the reader's
 * language before it finishes (main.tsx), and a chunk importing from the entry would wait for it.
 */
export default import.meta.glob<Record<string, unknown>>('../locales/it/*.json', { eager: true, import: 'default' });
