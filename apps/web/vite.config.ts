import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The public frame and the home page, which most visits start with. */
const PUBLIC_ENTRY = /src[\\/]app[\\/]routes[\\/]public[\\/](public-layout-route|home-page)\.tsx$/;

/** The frames of the client and admin areas and their dashboards (`/user`, `/admin`). */
const AREA_ENTRY = /src[\\/]app[\\/](layouts[\\/](client|admin)-layout|routes[\\/](client|admin)[\\/]overview)\.tsx$/;

/**
 * Lets index.html fetch the public frame and the home page (the `public` chunk and the two route
 * modules over it) alongside the shell: otherwise the browser learns of them only once the shell
 * has run, a round trip later on a phone.
 */
function preloadPublicChunks(): Plugin {
  return {
    name: 'meridian:preload-public-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.values(bundle ?? {}).filter(
          (file) =>
            file.type === 'chunk' &&
            ((file.name === 'public' && file.moduleIds.some((id) => PUBLIC_ENTRY.test(id))) ||
              PUBLIC_ENTRY.test(file.facadeModuleId ?? '')),
        );
        if (files.length !== 3) throw new Error(`Expected the public chunk and its two routes, found ${files.length}`);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const CONTRACTS = fileURLToPath(new URL('../../packages/contracts/', import.meta.url));
const ENDPOINTS_SPECIFIER = /^@meridian\/contracts\/endpoints\/([\w-]+)$/;
const ENDPOINTS_SOURCE = resolve(CONTRACTS, 'src/endpoints');
const SCHEMA_FREE_PREFIX = '\0meridian-schema-free-endpoints:';
/** What the web client reads of a definition in production: everything but its zod schemas. */
const PLAIN_FIELDS = [
  'method',
  'path',
  'tag',
  'summary',
  'encodings',
  'status',
  'produces',
  'errors',
  'idempotent',
] as const;

/** The area of `packages/contracts/src/endpoints/<area>.ts` that `source` (imported by `importer`) names, if any. */
function endpointsArea(source: string, importer: string | undefined): string | undefined {
  const bySpecifier = ENDPOINTS_SPECIFIER.exec(source)?.[1];
  if (bySpecifier) return bySpecifier;
  if (!importer || !(source.startsWith('.') || source.startsWith('/'))) return undefined;
  const file = resolve(dirname(importer.split('?')[0] ?? importer), source);
  const path = relative(ENDPOINTS_SOURCE, file);
  return /^[\w-]+(\.ts|\.js)?$/.test(path) ? path.replace(/\.(ts|js)$/, '') : undefined;
}

/**
 * The endpoint definitions carry zod schemas, which the web client checks answers against only in
 * development and tests (lib/api-client.ts); importing them as they are would put zod in the home
 * page's initial JavaScript (budget in bench/lighthouse.ts). In production builds, each module
 * `@meridian/contracts/endpoints/<area>` becomes one exporting the same definitions with their
 * plain fields only (method, path, encodings, …), read from the built contracts
 * (`packages/contracts/dist`, which the root `build` script builds before the web app).
 */
function schemaFreeEndpoints(): Plugin {
  /** The built definitions of each area, read once per build. */
  const areas = new Map<string, Promise<Record<string, unknown>>>();
  return {
    name: 'meridian:schema-free-endpoints',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      areas.clear();
    },
    resolveId(source, importer) {
      if (source.startsWith(SCHEMA_FREE_PREFIX)) return source;
      const area = endpointsArea(source, importer);
      return area ? `${SCHEMA_FREE_PREFIX}${area}` : null;
    },
    async load(id) {
      if (!id.startsWith(SCHEMA_FREE_PREFIX)) return null;
      const [area = '', single] = id.slice(SCHEMA_FREE_PREFIX.length).split('#');
      let loading = areas.get(area);
      if (!loading) {
        const built = resolve(CONTRACTS, `dist/endpoints/${area}.js`);
        const source = resolve(ENDPOINTS_SOURCE, `${area}.ts`);
        if (!existsSync(built)) {
          this.error(
            `${built} is missing: build the contracts first (npm run build -w @meridian/contracts, or the root npm run build)`,
          );
        }
        if (existsSync(source) && statSync(source).mtimeMs > statSync(built).mtimeMs) {
          this.warn(`${built} is older than ${source}: rebuild the contracts if the endpoints changed`);
        }
        this.addWatchFile(built);
        loading = import(`${pathToFileURL(built).href}?t=${statSync(built).mtimeMs}`);
        areas.set(area, loading);
      }
      const definitions = await loading;
      // One module per endpoint, so each lands in the chunk of the page that calls it rather than all
      // of an area's in the chunk of the first page that calls one.
      if (single !== undefined) {
        return { code: `export default ${plainSource(definitions[single], new Map())};`, moduleSideEffects: false };
      }
      const endpoints = Object.keys(definitions).filter((name) => isEndpoint(definitions[name]));
      if (endpoints.length === 0) this.error(`dist/endpoints/${area}.js exports no endpoint definition`);
      const lines = endpoints.map((name) => `import ${name} from ${JSON.stringify(`${id}#${name}`)};`);
      lines.push(`export { ${endpoints.join(', ')} };`);
      // An endpoint inside another export (a table of endpoints by kind) stays the same object.
      const names = new Map(endpoints.map((name) => [definitions[name], name]));
      for (const [name, value] of Object.entries(definitions)) {
        if (isEndpoint(value)) continue;
        const code = plainSource(value, names);
        // Anything else (a schema, a function) is not for the web app: a module importing it fails to build.
        if (code !== undefined) lines.push(`export const ${name} = ${code};`);
      }
      return { code: lines.join('\n'), moduleSideEffects: false };
    },
  };
}

function isEndpoint(value: unknown): value is Record<(typeof PLAIN_FIELDS)[number], unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string'
  );
}

/**
 * JavaScript source for `value` without schemas: an endpoint as its plain fields (or the name it is
 * exported under), plain objects, arrays and primitives as they are; `undefined` for anything else.
 */
function plainSource(value: unknown, names: ReadonlyMap<unknown, string>): string | undefined {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  const name = names.get(value);
  if (name) return name;
  if (isEndpoint(value)) {
    const fields = PLAIN_FIELDS.filter((field) => value[field] !== undefined);
    return JSON.stringify(Object.fromEntries(fields.map((field) => [field, value[field]])));
  }
  const parts = Array.isArray(value)
    ? value.map((item) => plainSource(item, names))
    : isPlainObject(value)
      ? Object.entries(value).map(([key, item]) => {
          const code = plainSource(item, names);
          return code === undefined ? undefined : `${JSON.stringify(key)}: ${code}`;
        })
      : [undefined];
  if (parts.some((part) => part === undefined)) return undefined;
  return Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadPublicChunks(), schemaFreeEndpoints()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval (the page's CSP): src/lib/zod-without-eval.ts.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) },
    ],
    // Workspace packages resolve to their TypeScript sources.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  // `npm run dev` (scripts/dev.mjs) names the server it started; alone, Vite expects it on port 3000.
  server: { proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which files each page needs; bench/lighthouse.ts sums them for `/`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files on the way to the first paint: every request costs a round trip on a
        // phone, and HTTP/1.1 fetches six at a time. The app shell (everything the entry imports)
        // becomes one file, and the public frame with the home page another, fetched together.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'public', test: PUBLIC_ENTRY },
            // The signed-in areas' frames and dashboards, with what they import, in one file: a reload
            // of /user or /admin fetches it at once instead of some fifty small files, six at a time.
            { name: 'areas', test: AREA_ENTRY },
            // Every other icon in one file rather than one file each (lucide-react has a module per
            // icon): the signed-in pages use dozens. (After `public`, which keeps the home page's.)
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
