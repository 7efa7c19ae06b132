import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The public frame and the home page, which most visits start with. */
const PUBLIC_ENTRY = /src[\\/]app[\\/]routes[\\/]public[\\/](public-layout-route|home-page)\.tsx$/;

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

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadPublicChunks()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Workspace packages resolve to their TypeScript sources.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
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
          ],
        },
      },
    },
  },
});
