/** The namespace (`common`) of a locale file's path (`./locales/en/common.json`). */
export const namespaceOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');

/** Locale files read by `import.meta.glob`, keyed by their namespace. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [namespaceOf(path), data]));
}
