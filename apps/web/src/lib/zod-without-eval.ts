import { config } from 'zod';

/**
 * The page's CSP has no 'unsafe-eval'. zod compiles faster parsers with `new Function` when it can,
 * and the check it makes (when it builds an object schema) is itself refused, which files a CSP
 * violation report. Import this module before any module that builds schemas (first in the
 * importing file), so zod parses without compiled code and never makes the check.
 */
config({ jitless: true });
