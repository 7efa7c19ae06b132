import { byNamespace } from '../namespaces';

/** Every namespace of this language, as one chunk: one request for all its words (docs/architecture.md). */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>('../locales/es/*.json', { eager: true, import: 'default' }),
);
