import { config } from 'zod/v4';

/**
 * `zod` as the web app sees it (vite.config.ts points every `import … from 'zod'` of the app and of
 * the contracts here): zod itself, told first not to compile parsers. The page's CSP has no
 * 'unsafe-eval'; zod compiles faster parsers with `new Function` when it can, and the check it
 * makes (when it builds an object schema) is itself refused, which files a CSP violation report.
 * Since this module's body runs before any module that imports `zod` from here, no schema is built
 * before the setting, whichever page loads zod first; and the entry does not carry zod.
 */
config({ jitless: true });

export * from 'zod/v4';
