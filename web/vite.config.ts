import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The API (scripts/start.ts) listens here in development; the browser only ever talks to the same origin. */
const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/**
 * app/i18n/ar.ts and en.ts (and public.ar.ts, public.en.ts) each spread features' i18n.ts files, which export both
 * languages. Seen from an Arabic file a feature's file is `i18n.ts?lang=ar` (from an English one `?lang=en`): two
 * modules, each tree-shaken to its own language, so the Arabic chunks carry no English and the other way round
 * (docs/performance.md, "The public bundle"). The language files themselves (`./public.ar.ts`) keep their own id:
 * ar.ts and app/i18n/index.ts then share one public.ar.ts module and chunk.
 */
const oneLanguageTexts: Plugin = {
  name: 'one-language-texts',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const lang = importer && /\/app\/i18n\/(?:public\.)?(ar|en)\.ts$/.exec(importer)?.[1];
    if (!lang || !source.startsWith('.') || source.includes('?') || /(^|[./])(ar|en)\.ts$/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}?lang=${lang}` } : null;
  },
};

/**
 * Beside each script, style sheet and the HTML, its gzip and brotli forms: the API serves them to a browser that asks
 * (`preCompressed` in api/app.ts), so a page's JavaScript travels compressed without compressing on each request.
 */
const precompress: Plugin = {
  name: 'precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir;
    if (!dir) return;
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(d, e.name)) : /\.(js|css|html|svg|json)$/.test(e.name) ? [join(d, e.name)] : [],
      );
    for (const file of walk(dir)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  },
};

export default defineConfig(({ command, mode }) => {
  // A production build is a production build whatever NODE_ENV the caller has: vitest sets it to "test", and the e2e
  // portal's `npm start` (scripts/start.ts) inherited it, serving React's development build (a third larger, and
  // slower) to every browser journey. Vite and the React plugin read it after this config.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    // Absolute asset paths: pages live at /ar/... and /en/..., never at the root.
    base: '/',
    plugins: [oneLanguageTexts, react(), precompress],
    // Every 'zod' import goes through a module that turns off zod's eval (the CSP forbids it; see the module).
    resolve: {
      alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod-without-eval.ts', import.meta.url)) }],
    },
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      // A lazy chunk's own imports are fetched when it arrives, not listed beforehand in the chunk that imports it: the
      // lists of every lazy page's dependencies were ~6 KB gzipped of the first load. The HTML keeps its preload links
      // (the entry's imports, fetched beside it), and the home page's chunk and the texts keep their lists (the first
      // paint needs them).
      modulePreload: {
        resolveDependencies: (file, deps, { hostType }) =>
          hostType === 'html' || /\/(HomePage|public\.(ar|en))-/.test(`/${file}`) ? deps : [],
      },
      emptyOutDir: true,
      rolldownOptions: {
        // The libraries every page runs (React, TanStack router and query, i18next, zod) in one chunk instead of dozens
        // of small shared ones: fewer files and less module glue on the first load (docs/performance.md).
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'runtime',
                test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](history|query-core|react-query|react-router|router-core|store|react-store)|i18next|react-i18next|zod)[\\/]/,
              },
            ],
          },
        },
        // The portal's own modules have no side effects on import (the ones that do, i18n and the zod wrapper, are
        // imported for their exports): a feature's index.ts re-exporting a staff form then no longer drags that form's
        // chunk into a public page that imports only a helper from the same index (docs/performance.md).
        // Anything else keeps the default (a package's own `sideEffects` field).
        treeshake: {
          // Not the zod wrapper: it is only re-exports plus the configuration call, and side-effect free it would be
          // bypassed (imports going straight to zod, which then probes for eval under the CSP).
          moduleSideEffects: (id: string) =>
            !id.includes('/node_modules/') && !id.includes('zod-without-eval') && /\.tsx?(\?|$)/.test(id)
              ? false
              : undefined,
        },
      },
    },
    server: {
      proxy: api,
      // The web app imports the shared contracts from api/ and domain/, outside web/.
      fs: { allow: [repoRoot] },
    },
    preview: { proxy: api },
  };
});
