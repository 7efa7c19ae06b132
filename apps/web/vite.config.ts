import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
            { name: 'public', test: /src[\\/]app[\\/]routes[\\/]public[\\/](public-layout-route|home-page)\.tsx$/ },
          ],
        },
      },
    },
  },
});
