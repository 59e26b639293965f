import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The API (scripts/start.ts) listens here in development; the browser only ever talks to the same origin. */
const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  root: webRoot,
  // Absolute asset paths: pages live at /ar/... and /en/..., never at the root.
  base: '/',
  plugins: [react()],
  // Every 'zod' import goes through a module that turns off zod's eval (the CSP forbids it; see the module).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod-without-eval.ts', import.meta.url)) }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: api,
    // The web app imports the shared contracts from api/ and domain/, outside web/.
    fs: { allow: [repoRoot] },
  },
  preview: { proxy: api },
});
