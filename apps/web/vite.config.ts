import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The public frame and the home page, which most visits start with. */
const PUBLIC_ENTRY = /src[\\/]app[\\/]routes[\\/]public[\\/](public-layout-route|home-page)\.tsx$/;

/**
 * What a reload of a signed-in area renders first, by the first segment of the area's address: the
 * route table, frame and dashboard of `/user` (the client's), and of `/admin` (the admin's) with the
 * second-factor gate in front of them.
 */
const AREA_ENTRIES = {
  user: [
    'src/app/routes/client/client-routes.tsx',
    'src/app/layouts/client-layout.tsx',
    'src/app/routes/client/overview.tsx',
  ],
  admin: [
    'src/app/routes/admin/admin-routes.tsx',
    'src/app/routes/admin/second-factor-gate.tsx',
    'src/app/layouts/admin-layout.tsx',
    'src/app/routes/admin/overview.tsx',
  ],
} as const;
type TArea = keyof typeof AREA_ENTRIES;
const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Whether module `id` is one of `area`'s entries. */
const isAreaEntry = (area: TArea, id: string | null | undefined) =>
  AREA_ENTRIES[area].some((path) => resolve(WEB_ROOT, path) === id);

/**
 * The English words, all namespaces in one chunk (src/i18n/index.ts). A signed-in page waits for
 * them in every language: English stands behind every other language.
 */
const ENGLISH = /src[\\/]i18n[\\/]languages[\\/]en\.ts$/;

/**
 * Libraries a signed-in page's first render does without, and which come later with the code that
 * needs them: zod (forms; answers are checked against schemas in development only), the hashing of
 * wallet address checksums, and sonner (lib/toast.ts). A module of the first render importing a
 * contracts module with schemas brings zod back: the build fails instead (docs/architecture.md,
 * "Schema-free contracts").
 */
const NOT_IN_FIRST_RENDER = /[\\/]node_modules[\\/](zod|@noble|@scure|sonner)[\\/]/;

/** The modules of lucide-react (one per icon, and the index re-exporting them all). */
const ICONS = /node_modules[\\/]lucide-react[\\/]/;

/**
 * Which areas' entries (AREA_ENTRIES) import each module, directly or not (static imports only):
 * filled in by `areaModules` once the module graph is known, read by the chunk groups.
 */
const areasOf = new Map<string, Set<TArea>>();

/** Fills `areasOf` at the end of each build's module graph, before the chunks are cut. */
function areaModules(): Plugin {
  return {
    name: 'meridian:area-modules',
    apply: 'build',
    buildEnd() {
      areasOf.clear();
      for (const area of Object.keys(AREA_ENTRIES) as TArea[]) {
        const pending = [...this.getModuleIds()].filter((id) => isAreaEntry(area, id));
        if (pending.length !== AREA_ENTRIES[area].length) {
          this.error(`Expected the modules ${AREA_ENTRIES[area].join(', ')}, found ${pending.join(', ')}`);
        }
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          // lucide-react's index imports every icon, most of which the build leaves out: through it,
          // every icon any page uses would count as the areas'. Their icons go with the `icons` group.
          if (ICONS.test(id)) continue;
          const areas = areasOf.get(id) ?? new Set();
          if (areas.has(area)) continue;
          areasOf.set(id, areas.add(area));
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
  };
}

/** `html` with a `<link rel=modulepreload>` for each of `files` at the end of its head. */
function withPreloads(html: string, files: Iterable<string>): string {
  const links = [...files].map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`);
  if (!html.includes('\n  </head>')) throw new Error('index.html has no </head> to preload before');
  return html.replace('\n  </head>', `${links.join('')}\n  </head>`);
}

/**
 * Lets the page fetch the code of its first render alongside the shell: otherwise the browser learns
 * of it only once the shell has run, a round trip later on a phone.
 *
 * - index.html (the home page, and every address but the areas') preloads the public frame and the
 *   home page: the `public` chunk and the two route modules over it.
 * - `pages/<area>.html`, a copy of it for each signed-in area, preloads that area's frame and
 *   dashboard with everything they import, and the English words, instead; the server answers
 *   `/user` and `/admin` (and every address below them) with it (apps/server/src/app.ts).
 */
function preloadPageChunks(): Plugin {
  /** Each area's page, written out once the bundle is complete. */
  const areaPages = new Map<TArea, string>();
  return {
    name: 'meridian:preload-page-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const publicFiles = chunks.filter(
          (file) =>
            (file.name === 'public' && file.moduleIds.some((id) => PUBLIC_ENTRY.test(id))) ||
            PUBLIC_ENTRY.test(file.facadeModuleId ?? ''),
        );
        if (publicFiles.length !== 3) {
          throw new Error(`Expected the public chunk and its two routes, found ${publicFiles.length}`);
        }
        // What the page loads already (the shell) is not preloaded again.
        const inPage = new Set([...html.matchAll(/ src="\/([^"]+\.js)"/g)].map((match) => match[1]));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        for (const area of Object.keys(AREA_ENTRIES) as TArea[]) {
          const files = new Set<string>();
          const visit = (file: string) => {
            if (files.has(file) || inPage.has(file)) return;
            files.add(file);
            for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
          };
          for (const chunk of chunks) if (isAreaEntry(area, chunk.facadeModuleId)) visit(chunk.fileName);
          if (files.size === 0) throw new Error(`Found no chunk of the ${area} area`);
          const unwanted = [...files].flatMap((file) =>
            (byFile.get(file)?.moduleIds ?? []).filter((id) => NOT_IN_FIRST_RENDER.test(id)),
          );
          if (unwanted.length > 0) {
            throw new Error(`The first render of /${area} carries ${relative(WEB_ROOT, unwanted[0] ?? '')} and more`);
          }
          const english = chunks.find((chunk) => ENGLISH.test(chunk.facadeModuleId ?? ''));
          if (!english) throw new Error('Found no chunk of the English words');
          visit(english.fileName);
          areaPages.set(area, withPreloads(html, files));
        }
        return withPreloads(
          html,
          publicFiles.map((file) => file.fileName),
        );
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        for (const [area, source] of areaPages) {
          this.emitFile({ type: 'asset', fileName: `pages/${area}.html`, source });
        }
      },
    },
  };
}

/**
 * React Router's build without its development warnings. Its package exports only the development
 * build (the two differ by one flag, ENABLE_DEV_WARNINGS), so the build names the file; about 0.6 KB
 * of the shell's gzip.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

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
  // What a staff member's role must allow: the back office's menus, page guard and buttons read it.
  'permission',
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

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), areaModules(), preloadPageChunks(), schemaFreeEndpoints()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without eval (the page's CSP): src/lib/zod-without-eval.ts.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
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
            // The signed-in areas' frames and dashboards, with what they import: a reload of /user or
            // /admin fetches them at once (pages/<area>.html preloads them) instead of some fifty small
            // files, six at a time. What both areas import is in `areas`, the rest in the area's own
            // file, so neither page fetches the other's code.
            { name: 'areas', test: (id) => (areasOf.get(id)?.size ?? 0) > 1 },
            // Every other icon in one file rather than one file each (lucide-react has a module per
            // icon): the signed-in pages use dozens. (After `public` and `areas`, which keep the icons
            // of the home page and of both areas; before the areas' own files, so that an icon one area
            // uses does not make the other area's page fetch that area's file.)
            { name: 'icons', test: ICONS },
            { name: 'client-area', test: (id) => areasOf.get(id)?.has('user') },
            { name: 'admin-area', test: (id) => areasOf.get(id)?.has('admin') },
          ],
        },
      },
    },
  },
}));
